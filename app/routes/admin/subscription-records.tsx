// The records on /admin/subscriptions/{id} (issue 21): the subscription's boxes (each paid one with
// its refund button), the charges the renewal engine and the start recorded, and the history of
// every change with who made it.
import { Form } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import type { AdminSubscription } from "#app/modules/subscriptions/get-admin-subscription.server.ts";

const panel = "mt-6 rounded-2xl bg-white p-5 shadow-sm";

const BOX_STATUS_LABELS: Record<string, string> = {
  scheduled: "Scheduled",
  skipped: "Skipped",
  locked: "Locked",
  charged: "Paid",
  payment_failed: "Payment failed",
  unpaid: "Unpaid",
  packed: "Packed",
  shipped: "Shipped",
  refunded: "Refunded",
};

const when = (at: Date | string) =>
  new Date(at).toLocaleString("en-NZ", { timeZone: "Pacific/Auckland" });

/** Who made a change, in words: the member, Patch's own jobs, or the admin's address. */
function who(actor: string): string {
  if (actor === "member") return "Member";
  if (actor === "system") return "Patch (automatic)";
  return actor.startsWith("admin:") ? `Admin ${actor.slice("admin:".length)}` : actor;
}

export function BoxesTable({
  boxes,
  requestKey,
  busy,
}: {
  boxes: AdminSubscription["boxes"];
  requestKey: string;
  busy: boolean;
}) {
  return (
    <section className={panel} aria-labelledby="boxes-heading">
      <h2 id="boxes-heading" className="text-xl font-bold">
        Boxes
      </h2>
      {boxes.length === 0 ? (
        <p className="mt-2">
          No box rows yet: a box is made when it is reminded, skipped or charged.
        </p>
      ) : (
        <div
          className="relative mt-2 overflow-x-auto"
          role="region"
          aria-label="The boxes, as a table"
          tabIndex={0}
        >
          <table className="w-full text-left text-sm" data-testid="boxes">
            <thead className="border-b border-ink/10">
              <tr>
                <th className="p-2">Week starting</th>
                <th className="p-2">Status</th>
                <th className="p-2 text-right">Items</th>
                <th className="p-2 text-right">Amount</th>
                <th className="p-2">
                  <span className="sr-only">Refund</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {boxes.map((b) => (
                <tr key={b.id} className="border-b border-ink/5">
                  <td className="p-2">{formatBoxDate(b.deliverOn)}</td>
                  <td className="p-2">{BOX_STATUS_LABELS[b.status] ?? b.status}</td>
                  <td className="p-2 text-right tabular-nums">{b.itemCount}</td>
                  <td className="p-2 text-right tabular-nums">
                    {formatMoney(b.amount, b.currency)}
                  </td>
                  <td className="p-2 text-right">
                    {b.refundable ? (
                      <Form method="post">
                        <input type="hidden" name="requestKey" value={requestKey} />
                        <input type="hidden" name="boxId" value={b.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="refund"
                          disabled={busy}
                          className="underline"
                          aria-label={`Refund the box of the week starting ${formatBoxDate(b.deliverOn)}`}
                        >
                          Refund
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ChargesTable({
  charges,
  currency,
}: {
  charges: AdminSubscription["charges"];
  currency: string;
}) {
  return (
    <section className={panel} aria-labelledby="charges-heading">
      <h2 id="charges-heading" className="text-xl font-bold">
        Charges
      </h2>
      {charges.length === 0 ? (
        <p className="mt-2">No charges yet.</p>
      ) : (
        <div
          className="relative mt-2 overflow-x-auto"
          role="region"
          aria-label="The charges, as a table"
          tabIndex={0}
        >
          <table className="w-full text-left text-sm" data-testid="charges">
            <thead className="border-b border-ink/10">
              <tr>
                <th className="p-2">Date</th>
                <th className="p-2">Status</th>
                <th className="p-2">For</th>
                <th className="p-2 text-right">Amount</th>
                <th className="p-2">Reference</th>
              </tr>
            </thead>
            <tbody>
              {charges.map((c) => (
                <tr key={c.id} className="border-b border-ink/5">
                  <td className="p-2">{when(c.at)}</td>
                  <td className="p-2">
                    {c.status}
                    {c.note ? <span className="block text-ink/75">{c.note}</span> : null}
                  </td>
                  <td className="p-2">
                    {c.box ? `Week starting ${formatBoxDate(c.box)}` : "First box"}
                  </td>
                  <td className="p-2 text-right tabular-nums">
                    {c.amount === null ? "" : formatMoney(c.amount, currency)}
                  </td>
                  <td className="p-2 break-all">{c.reference ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function HistoryList({ history }: { history: AdminSubscription["history"] }) {
  return (
    <section className={panel} aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-xl font-bold">
        History
      </h2>
      {history.length === 0 ? (
        <p className="mt-2">Nothing has changed yet.</p>
      ) : (
        <ol className="mt-2 space-y-3 text-sm" data-testid="history">
          {history.map((h) => (
            <li key={h.id} className="border-b border-ink/5 pb-2">
              <p className="font-semibold">
                {h.type.replaceAll("_", " ")}
                {h.from || h.to ? ` (${h.from ?? "–"} → ${h.to ?? "–"})` : ""}
              </p>
              <p className="text-ink/75">
                {when(h.at)} · {who(h.actor)}
              </p>
              {h.message ? <p className="mt-1">{h.message}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
