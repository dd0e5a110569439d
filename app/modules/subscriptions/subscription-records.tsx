// The records on /admin/subscriptions/{id} (issue 21): the subscription's boxes (each paid one with
// its refund button), the charges the renewal engine and the start recorded, and the history of
// every change with who made it.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { AdminCard } from "#app/components/ui/admin-card.tsx";
import { DataTable, type DataTableProps } from "#app/components/ui/data-table.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { nzDateTime } from "#app/lib/nz-time.ts";
import { formatBoxDate } from "./box-dates.ts";
import type { AdminSubscription } from "./get-admin-subscription.server.ts";

const TABLE = {
  table: "w-full text-left text-sm",
  thead: "border-b border-ink/10",
  th: "p-2",
  row: "border-b border-ink/5",
  td: "p-2",
};
const NUMBER = { th: "p-2 text-right", td: "p-2 text-right tabular-nums" };

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

/** Who made a change, in words: the member, Patch's own jobs, or the admin's address. */
/** One of the subscription's records on its card: a sentence when there are none, else a table
 * that scrolls sideways on a phone. */
function RecordTable<R extends { id: string }>({
  id,
  title,
  none,
  label,
  ...table
}: {
  id: string;
  title: string;
  none: ReactNode;
  label: string;
} & Pick<DataTableProps<R>, "testId" | "rows" | "columns">) {
  return (
    <AdminCard id={id} title={title} className="mt-6">
      {table.rows.length === 0 ? (
        none
      ) : (
        <ScrollRegion label={label} margin="mt-2">
          <DataTable {...table} rowKey={(r) => r.id} classes={TABLE} />
        </ScrollRegion>
      )}
    </AdminCard>
  );
}

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
    <RecordTable
      id="boxes-heading"
      title="Boxes"
      none={
        <p className="mt-2">
          No box rows yet: a box is made when it is reminded, skipped or charged.
        </p>
      }
      label="The boxes, as a table"
      testId="boxes"
      rows={boxes}
      columns={[
        { header: "Week starting", cell: (b) => formatBoxDate(b.deliverOn) },
        { header: "Status", cell: (b) => BOX_STATUS_LABELS[b.status] ?? b.status },
        { header: "Items", cell: (b) => b.itemCount, ...NUMBER },
        { header: "Amount", cell: (b) => formatMoney(b.amount, b.currency), ...NUMBER },
        {
          header: <span className="sr-only">Refund</span>,
          td: "p-2 text-right",
          cell: (b) =>
            b.refundable ? (
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
            ) : null,
        },
      ]}
    />
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
    <RecordTable
      id="charges-heading"
      title="Charges"
      none={<p className="mt-2">No charges yet.</p>}
      label="The charges, as a table"
      testId="charges"
      rows={charges}
      columns={[
        { header: "Date", cell: (c) => nzDateTime(c.at) },
        {
          header: "Status",
          cell: (c) => (
            <>
              {c.status}
              {c.note ? <span className="block text-ink/75">{c.note}</span> : null}
            </>
          ),
        },
        {
          header: "For",
          cell: (c) => (c.box ? `Week starting ${formatBoxDate(c.box)}` : "First box"),
        },
        {
          header: "Amount",
          cell: (c) => (c.amount === null ? "" : formatMoney(c.amount, currency)),
          ...NUMBER,
        },
        { header: "Reference", cell: (c) => c.reference ?? "", td: "p-2 break-all" },
      ]}
    />
  );
}

export function HistoryList({ history }: { history: AdminSubscription["history"] }) {
  return (
    <AdminCard id="history-heading" title="History" className="mt-6">
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
                {nzDateTime(h.at)} · {who(h.actor)}
              </p>
              {h.message ? <p className="mt-1">{h.message}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </AdminCard>
  );
}
