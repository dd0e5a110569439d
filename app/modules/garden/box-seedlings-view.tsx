// "To plant from your box" on /garden (issue 23, ADR 042): the seedlings of the member's shipped
// boxes that are in the plant library, each with the square of their saved plan it would go in
// (or "make room"), and one button that places them and saves the plan.
import { Form } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { formatDate } from "#app/modules/guidance/new-zealand-date.ts";
import { GardenPanel, type GardenCardProps } from "./garden-panel.tsx";
import { squareName } from "./box-seedlings.ts";

export const PLACE_SEEDLINGS_INTENT = "place-seedlings";

export interface BoxSeedlingsData {
  columns: number;
  seedlings: { boxId: string; deliverOn: string; plantId: string; square: number | null }[];
}

export function BoxSeedlingsView({ data, names, answer, busy }: GardenCardProps<BoxSeedlingsData>) {
  if (data.seedlings.length === 0 && !answer) return null;
  const placeable = data.seedlings.some((s) => s.square !== null);
  return (
    <GardenPanel name="box-seedlings" title="To plant from your box" answer={answer}>
      {data.seedlings.length > 0 && (
        <>
          <p className="mt-2 text-ink/80">
            Seedlings from your box, each with the first empty square of your saved plan (counted
            from the top left).
          </p>
          <ul className="mt-3 flex flex-col gap-2">
            {data.seedlings.map((s) => (
              <li
                key={`${s.boxId}-${s.plantId}`}
                className="flex flex-wrap gap-x-3 rounded-xl border border-ink/10 px-3 py-2"
              >
                <strong>{names.get(s.plantId) ?? s.plantId}</strong>
                <span className="text-ink/80">
                  {s.square === null
                    ? "Make room: your plan has no empty square left"
                    : `Goes in ${squareName(s.square, data.columns)}`}
                </span>
                <span className="text-sm text-ink/70">
                  Box of the week of {formatDate(s.deliverOn)}
                </span>
              </li>
            ))}
          </ul>
          {placeable && (
            <Form method="post" action={paths.garden} className="mt-4">
              <input type="hidden" name="intent" value={PLACE_SEEDLINGS_INTENT} />
              <button type="submit" className="btn-primary min-h-11" disabled={busy}>
                {busy ? "Placing..." : "Place them in my plan"}
              </button>
            </Form>
          )}
        </>
      )}
    </GardenPanel>
  );
}
