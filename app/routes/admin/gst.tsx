// /admin/gst (admins only, issue 40, ADR 074): the GST return report for a period of New Zealand
// days (a GET form, so a period is a link): GST101A's boxes 5 to 8, the refunds taken off, the
// GST to pay on sales, and the orders behind the figures (the first 100 here, every one in the
// CSV at /admin/gst.csv with the same period).
import { data, Form, Link } from "react-router";
import { CARD_TABLE, DataTable, FIGURE_COLUMN } from "#app/components/ui/data-table.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { nzDateTime } from "#app/lib/nz-time.ts";
import {
  defaultGstPeriod,
  getGstReport,
  gstLines,
  gstPeriodSchema,
} from "#app/modules/payments/gst-report.server.ts";
import { nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import { Stat } from "#app/components/ui/stat.tsx";
import type { Route } from "./+types/gst";

export const { meta, handle } = adminPage("GST return");

/** Orders listed on the page; the CSV has them all. */
const SHOWN = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const params = await requireAdminQuery(request);
  const asked = params.has("from") || params.has("to");
  const parsed = gstPeriodSchema.safeParse({ from: params.get("from"), to: params.get("to") });
  const period = parsed.success ? parsed.data : defaultGstPeriod(nzToday());
  const [report, lines] = await Promise.all([getGstReport(period), gstLines(period, SHOWN)]);
  const currency = settings().currency;
  const body = {
    error: asked && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : null,
    period,
    report,
    currency,
    lines: lines.map((l) => ({ ...l, at: nzDateTime(l.at) })),
    shown: SHOWN,
  };
  return asked && !parsed.success ? data(body, { status: 400 }) : body;
}

export default function AdminGst({ loaderData }: Route.ComponentProps) {
  const { report, period, lines, currency, error } = loaderData;
  const money = (c: number) => formatMoney(c, currency);
  const csv = `/admin/gst.csv?${new URLSearchParams(period)}`;
  const rowCount = report.sales.count + report.refunds.count;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">GST return</h1>
      <p className="mt-2 max-w-prose text-ink/75">
        The figures for your GST101A return, for New Zealand days from the first to the last. Prices
        include GST at 15%, so GST is 3/23 of an amount. Gifts and credit are counted when they
        become a box; until then they are money owed to customers (see Money).
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <FormField id="from" name="from" type="date" label="First day" defaultValue={period.from} />
        <FormField
          id="to"
          name="to"
          type="date"
          label="Last day"
          defaultValue={period.to}
          error={error ?? undefined}
        />
        <button type="submit" className="btn-primary">
          Show the period
        </button>
      </Form>
      {error ? (
        <p role="alert" className="mt-3 font-semibold text-clay-dark">
          {error}
        </p>
      ) : null}
      <h2 className="mt-8 text-2xl font-bold">
        {period.from} to {period.to}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="gst-boxes">
        <Stat
          title="Box 5: total sales and income"
          value={money(report.sales.cents)}
          testId="gst-box-5"
          note={`${report.sales.count} ${report.sales.count === 1 ? "order" : "orders"} paid, GST included.`}
        />
        <Stat
          title="Box 6: zero-rated supplies"
          value={money(report.zeroRated.cents)}
          testId="gst-box-6"
          note={`${report.zeroRated.count} delivered outside New Zealand.`}
        />
        <Stat title="Box 7: box 5 less box 6" value={money(report.taxable)} testId="gst-box-7" />
        <Stat
          title="Box 8: GST on sales"
          value={money(report.gstOnSales)}
          testId="gst-box-8"
          note={`3/23 of box 7. The orders' own GST adds up to ${money(report.ordersGst)}.`}
        />
        <Stat
          title="Refunds in the period"
          value={money(report.refunds.cents)}
          testId="gst-refunds"
          note={`${report.refunds.count} refunded or cancelled after payment, holding ${money(report.refunds.gst)} GST: a credit adjustment.`}
        />
        <Stat
          title="GST on sales less refunds"
          value={money(report.gstToPay)}
          testId="gst-to-pay"
          note="Box 8 less the refunds' GST. Purchases (boxes 11 to 14) are not kept here."
        />
      </dl>
      <p className="mt-6">
        <a href={csv} className="btn-secondary" download>
          Download the orders and refunds (CSV)
        </a>
      </p>
      <h2 className="mt-8 text-2xl font-bold">The orders behind the figures</h2>
      <p className="mt-1 text-sm text-ink/70">
        {rowCount > lines.length
          ? `The first ${lines.length} of ${rowCount}, oldest first; the CSV has every one.`
          : "Oldest first. A sale refunded in the same period is listed twice: as a sale and as a refund."}
      </p>
      <ScrollRegion label="Orders behind the figures" margin="mt-3">
        <DataTable
          caption="Orders and refunds in the period"
          testId="gst-lines"
          rows={lines}
          rowKey={(l) => `${l.kind}-${l.id}`}
          empty="No orders were paid or refunded in this period."
          classes={CARD_TABLE}
          columns={[
            {
              header: "Order",
              rowHeader: true,
              cell: (l) => (
                <Link to={`/admin/orders/${l.id}`} className="underline">
                  {l.number}
                </Link>
              ),
            },
            { header: "When", cell: (l) => l.at },
            { header: "Counted as", cell: (l) => l.kind },
            { header: "Kind", cell: (l) => l.orderKind },
            { header: "Customer", cell: (l) => l.name },
            {
              header: "Amount incl. GST",
              ...FIGURE_COLUMN,
              cell: (l) => money(l.kind === "refund" ? -l.total : l.total),
            },
            {
              header: "GST",
              ...FIGURE_COLUMN,
              cell: (l) => money(l.kind === "refund" ? -l.gst : l.gst),
            },
          ]}
        />
      </ScrollRegion>
    </>
  );
}
