// Beside a coach's thread: the member's context (plan and region, town and frost dates, the
// garden plan with the square asked about marked, the last boxes, the harvest log and the
// reminders sent this month).
import { panel } from "./coach-thread-classes.ts";
import type { MemberContext } from "./member-context.server.ts";

/** The member's context as the coach's page shows it: dates already put in words. */
export type CoachThreadContext = Pick<
  MemberContext,
  "plan" | "region" | "garden" | "harvests" | "harvestTotal"
> & {
  town: { name: string; basis: string; lastFrost: string | null; firstFrost: string | null };
  boxes: { deliverOn: string; when: string; items: { name: string; quantity: number }[] }[];
  remindersThisMonth: { what: string; when: string }[];
};

export function CoachThreadContextPanel({ context }: { context: CoachThreadContext }) {
  const g = context.garden;
  return (
    <aside aria-labelledby="context-heading" className={`${panel} grid gap-4 self-start`}>
      <h2 id="context-heading" className="text-xl font-bold">
        The member's garden
      </h2>
      <section>
        <h3 className="font-bold">Plan and region</h3>
        <p data-testid="context-plan">
          {context.plan ? `${context.plan.size} box (${context.plan.status})` : "No subscription"}
          {context.region ? ` · ${context.region}` : ""}
        </p>
      </section>
      <section>
        <h3 className="font-bold">Town and frost dates</h3>
        <p data-testid="context-town">
          {context.town.name}
          {context.town.basis === "region" ? " (their region's main town)" : ""}
          {context.town.lastFrost
            ? ` · last frost about ${context.town.lastFrost}, first about ${context.town.firstFrost}`
            : context.town.basis === "zone"
              ? ""
              : " · frosts are rare"}
        </p>
      </section>
      <section>
        <h3 className="font-bold">Garden plan</h3>
        {g ? (
          <table
            className="mt-2 w-full table-fixed border-collapse text-xs"
            data-testid="context-garden"
          >
            <caption className="sr-only">
              The member's {g.size} plan, north row first, west to east.
              {g.asked !== null ? ` The square asked about is marked.` : ""}
            </caption>
            <tbody className="border-4 border-soil bg-[#f6efe0]">
              {Array.from({ length: g.rows }, (_, row) => (
                <tr key={row}>
                  {Array.from({ length: g.columns }, (_, col) => {
                    const at = row * g.columns + col;
                    const asked = at === g.asked;
                    return (
                      <td
                        key={col}
                        className={`h-16 border p-1 align-top ${
                          asked ? "border-4 border-clay-dark bg-white" : "border-soil/40"
                        }`}
                        data-asked={asked ? "true" : undefined}
                      >
                        {asked ? (
                          <strong className="block text-clay-dark">Asked about</strong>
                        ) : null}
                        {g.squares[at]?.join(", ") || <span className="text-ink/60">empty</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No garden plan saved yet.</p>
        )}
      </section>
      <section>
        <h3 className="font-bold">Last boxes</h3>
        {context.boxes.length ? (
          <ul className="mt-1 grid gap-2" data-testid="context-boxes">
            {context.boxes.map((b) => (
              <li key={b.deliverOn}>
                <span className="font-semibold">{b.when}</span>:{" "}
                {b.items
                  .map((i) => `${i.name}${i.quantity > 1 ? ` ×${i.quantity}` : ""}`)
                  .join(", ")}
              </li>
            ))}
          </ul>
        ) : (
          <p>No boxes yet.</p>
        )}
      </section>
      <section>
        <h3 className="font-bold">Harvest log</h3>
        {context.harvests.length ? (
          <ul className="mt-1">
            {context.harvests.map((h, i) => (
              <li key={i}>
                {h.pickedOn}: {h.plant}, {h.amount}
              </li>
            ))}
            {context.harvestTotal > context.harvests.length ? (
              <li className="text-ink/70">
                and {context.harvestTotal - context.harvests.length} earlier
              </li>
            ) : null}
          </ul>
        ) : (
          <p>Nothing picked yet.</p>
        )}
      </section>
      <section>
        <h3 className="font-bold">Reminders this month</h3>
        {context.remindersThisMonth.length ? (
          <ul className="mt-1">
            {context.remindersThisMonth.map((r, i) => (
              <li key={i}>
                {r.what}, {r.when}
              </li>
            ))}
          </ul>
        ) : (
          <p>None sent this month.</p>
        )}
      </section>
    </aside>
  );
}
