// /admin/stock (admins only, issue 40, ADR 077): the box items' stock. Each item's stock on hand
// (the ledger's sum), what the coming packing days' boxes not yet packed need (from the
// forecast), what is left, and by how much it runs short on each of the next packing days; the
// "Receive stock" form (item, quantity, note) adds a ledger row with who and when; the latest
// receipts below. Packing a run on /admin/ship takes the boxes' items off.
import { randomUUID } from "node:crypto";
import { data, Form, Link, useNavigation } from "react-router";
import { CARD_TABLE, DataTable, FIGURE_COLUMN } from "#app/components/ui/data-table.tsx";
import { controlProps, FormField } from "#app/components/ui/form-field.tsx";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { statusOf } from "#app/lib/outcome.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import {
  getStock,
  receiveStock,
  recentReceipts,
  shortages,
} from "#app/modules/subscriptions/box-stock.server.ts";
import { forecastWindow } from "#app/modules/subscriptions/forecast.server.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import type { Route } from "./+types/stock";

export const { meta, handle } = adminPage("Box stock");

/** "8 Dec": a packing day short enough for a column heading. */
const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-NZ", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

/** The packing days given a column of their own (the rest are in the totals). */
const DAY_COLUMNS = 4;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const window = forecastWindow();
  const [{ days, lines }, receipts] = await Promise.all([getStock(window), recentReceipts()]);
  // Items with stock or needed by a coming box; the others are counted, and can be received.
  const shown = lines.filter((l) => l.onHand !== 0 || l.reserved > 0);
  return {
    window,
    days: days.slice(0, DAY_COLUMNS).map((day) => ({ day, label: shortDate(day) })),
    lines: shown.map((l) => ({
      ...l,
      firstShort: l.firstShort ? { ...l.firstShort, label: shortDate(l.firstShort.day) } : null,
      days: l.days.slice(0, DAY_COLUMNS),
    })),
    idle: lines.length - shown.length,
    short: shortages(shown),
    items: lines
      .filter((l) => l.active)
      .map((l) => ({ id: l.itemId, name: l.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    receipts: receipts.map((r) => ({
      ...r,
      at: r.createdAt.toLocaleString("en-NZ", {
        timeZone: "Pacific/Auckland",
        dateStyle: "medium",
        timeStyle: "short",
      }),
    })),
    // Made for this page view: the form sent twice records the stock once.
    requestKey: randomUUID(),
  };
}

type ReceiveAnswer = { error: string; fieldErrors: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "receive")
    return data<ReceiveAnswer>({ error: "Choose what to do.", fieldErrors: {} }, { status: 400 });
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const result = await receiveStock(
    {
      itemId: text("itemId"),
      quantity: text("quantity"),
      note: text("note"),
      requestKey: text("requestKey"),
    },
    admin.email,
  );
  if (!result.ok)
    return data<ReceiveAnswer>(
      { error: result.message, fieldErrors: result.fieldErrors ?? {} },
      { status: statusOf(result) },
    );
  throw await redirectWithToast(request, "/admin/stock", {
    type: "success",
    message: result.repeated ? "That stock was recorded already." : "Stock received.",
  });
}

export default function AdminStock({ loaderData, actionData }: Route.ComponentProps) {
  const { days, lines, idle, short, items, receipts, requestKey, window } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Box stock</h1>
      <p className="mt-2 max-w-prose text-ink/75">
        What is on hand of each box item, and what the boxes of the packing days from {window.from}{" "}
        to {window.to} still need (those not packed yet, charged or still to be charged). Packing a
        run takes its boxes&rsquo; items off the stock; on hand below nothing means more was packed
        than was received here, so count the shelf and receive the difference.
      </p>
      <p className="mt-3" role="status" data-testid="stock-summary">
        {short.count === 0
          ? "Nothing runs short before the coming packing days."
          : `${short.count} ${short.count === 1 ? "item runs" : "items run"} short, the first on ${formatBoxDate(short.soonest!)}.`}
      </p>
      <p className="mt-3 flex flex-wrap gap-3">
        <Link to="/admin/forecast" className="btn-secondary">
          Forecast
        </Link>
        <Link to="/admin/ship" className="btn-secondary">
          Ship a run
        </Link>
      </p>

      <section aria-labelledby="receive-heading" className="mt-8 max-w-xl">
        <h2 id="receive-heading" className="text-2xl font-bold">
          Receive stock
        </h2>
        <Form method="post" className="mt-3 grid gap-4 rounded-2xl bg-white p-5 shadow-sm">
          <input type="hidden" name="requestKey" value={requestKey} />
          <FormProblems error={actionData?.error} fieldErrors={actionData?.fieldErrors} />
          <FormField id="itemId" label="Item" error={errors.itemId}>
            <select
              {...controlProps("itemId", errors.itemId)}
              required
              defaultValue=""
              className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base"
            >
              <option value="" disabled>
                Choose an item
              </option>
              {items.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id="quantity"
            name="quantity"
            label="Quantity received"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            error={errors.quantity}
          />
          <FormField
            id="note"
            name="note"
            label="Note (optional)"
            hint="Where it came from, or anything the next person should know."
            maxLength={500}
            error={errors.note}
          />
          <div>
            <button
              type="submit"
              name="intent"
              value="receive"
              disabled={busy}
              className="btn-primary"
            >
              Receive stock
            </button>
          </div>
        </Form>
      </section>

      <h2 className="mt-10 text-2xl font-bold">Stock by item</h2>
      <ScrollRegion label="Stock by item" margin="mt-3">
        <DataTable
          caption="Box items: on hand, reserved by coming packing days, and short by each day"
          testId="stock-lines"
          rows={lines}
          rowKey={(l) => l.itemId}
          empty="No box items yet."
          classes={CARD_TABLE}
          columns={[
            {
              header: "Item",
              th: "p-3 min-w-48",
              rowHeader: true,
              cell: (l) => (
                <>
                  {l.name}
                  {l.onHand < 0 ? (
                    <span className="block text-xs font-normal text-ink/70">
                      More packed than received
                    </span>
                  ) : null}
                  {l.firstShort ? (
                    <span className="block font-semibold text-clay-dark">
                      Short by {l.firstShort.shortBy} on {l.firstShort.label}
                    </span>
                  ) : null}
                </>
              ),
            },
            { header: "On hand", ...FIGURE_COLUMN, cell: (l) => l.onHand },
            { header: "Reserved", ...FIGURE_COLUMN, cell: (l) => l.reserved },
            { header: "Left over", ...FIGURE_COLUMN, cell: (l) => l.available },
            ...days.map((d, i) => ({
              header: `Short on ${d.label}`,
              ...FIGURE_COLUMN,
              cell: (l: (typeof lines)[number]) =>
                l.days[i]?.shortBy ? (
                  <span className="font-semibold text-clay-dark">{l.days[i].shortBy}</span>
                ) : (
                  "–"
                ),
            })),
          ]}
        />
      </ScrollRegion>
      {idle > 0 ? (
        <p className="mt-3 text-sm text-ink/75">
          {idle} other {idle === 1 ? "item has" : "items have"} no stock and{" "}
          {idle === 1 ? "is" : "are"} not in any coming box; receive stock of{" "}
          {idle === 1 ? "it" : "them"} above.
        </p>
      ) : null}

      <h2 className="mt-10 text-2xl font-bold">Latest receipts</h2>
      <ScrollRegion label="Latest receipts" margin="mt-3">
        <DataTable
          caption="Stock received, latest first"
          testId="stock-receipts"
          rows={receipts}
          rowKey={(r) => r.id}
          empty="No stock received yet."
          classes={CARD_TABLE}
          columns={[
            { header: "When", cell: (r) => r.at },
            { header: "Item", cell: (r) => r.name },
            { header: "Quantity", ...FIGURE_COLUMN, cell: (r) => r.quantity },
            { header: "Who", cell: (r) => r.authorEmail ?? "" },
            { header: "Note", cell: (r) => r.note ?? "" },
          ]}
        />
      </ScrollRegion>
    </>
  );
}
