// The GST return report (issue 40, ADR 074): for any period of New Zealand dates, the figures
// GST101A asks for, with the orders behind each. Prices include GST (ADR 028), so:
//   Box 5  total sales and income, GST included: every order (shop order or subscription box)
//          paid in the period, at what it was sold for;
//   Box 6  zero-rated supplies in box 5: orders delivered outside New Zealand (exports);
//   Box 7  box 5 less box 6;
//   Box 8  GST on sales: box 7 × 3/23, to the cent (as the form works it out);
// and, as the form's credit adjustments, refunds: each admin refund made in the period, whole or
// in part (order_refunds, ADR 078), with the GST it gave back, and orders paid earlier or in the
// period that were otherwise refunded or cancelled after payment within it (their status changed
// in the period), for what those refunds had not already given back. The GST to pay on sales is box 8 less the refunds' GST. Gifts and credit are
// not sales until they become a box (the box's order is the sale); until then they are money owed
// to customers, on /admin/money. The orders' own GST (each rounded when it was sold) is shown
// beside box 8 as a check; the two may differ by a cent or so of rounding.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/lib/db.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { nzWallClock } from "#app/lib/nz-time.ts";

/** An ISO date `days` later. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const GST_MESSAGES = {
  from: "Enter the period's first day.",
  to: "Enter the period's last day.",
  order: "The period's last day comes before its first.",
  long: "Choose a period of at most two years.",
} as const;

export const gstPeriodSchema = z
  .object({
    from: z.iso.date({ message: GST_MESSAGES.from }),
    to: z.iso.date({ message: GST_MESSAGES.to }),
  })
  .superRefine((p, ctx) => {
    // Run on what the fields hold even when one was refused: only two real dates are compared.
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if (!day.test(String(p.from)) || !day.test(String(p.to))) return;
    if (p.from > p.to) ctx.addIssue({ code: "custom", message: GST_MESSAGES.order, path: ["to"] });
    else if (p.to > addDays(p.from, 731))
      ctx.addIssue({ code: "custom", message: GST_MESSAGES.long, path: ["to"] });
  });

export type GstPeriod = z.infer<typeof gstPeriodSchema>;

/** The last two whole months before today's (a two-monthly GST period), as NZ dates. */
export function defaultGstPeriod(today: string): GstPeriod {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 3, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const calendar = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};

/** The instants a period covers: from the first day's NZ midnight to the midnight after its last. */
export function periodInstants(period: GstPeriod) {
  return {
    start: nzWallClock(calendar(period.from)),
    end: nzWallClock(calendar(addDays(period.to, 1))),
  };
}

/** An order outside New Zealand is an export: zero-rated. */
const ZERO_RATED = sql`lower(coalesce(address->>'country', 'nz')) not in ('nz', 'new zealand')`;

/** ZERO_RATED for one order in hand (a refund's GST, ADR 078): the same rule. */
export const zeroRatedAddress = (address: { country?: string | null }) =>
  !["nz", "new zealand"].includes((address.country ?? "nz").toLowerCase());
const REFUNDED = sql`status in ('refunded', 'cancelled') and paid_at is not null`;

/**
 * Every refund in [start, end): an admin's refund (order_refunds: its moment, amount and GST) and
 * an order refunded or cancelled after payment for what admin refunds had not given back (the
 * whole order, when there were none). The columns of the orders' lines, `at` the refund's moment.
 */
function refundEvents(start: Date, end: Date) {
  return sql`
    select o.id, o.number, o.kind, o.name, r.created_at as at, r.amount as total,
      case when ${ZERO_RATED} then 0 else r.gst end as gst, o.status
    from order_refunds r join orders o on o.id = r.order_id
    where r.created_at >= ${start} and r.created_at < ${end}
    union all
    select id, number, kind, name, updated_at, total - refunded,
      case when ${ZERO_RATED} then 0
        else gst - coalesce((select sum(r.gst) from order_refunds r where r.order_id = orders.id), 0)
      end, status
    from orders
    where ${REFUNDED} and total > refunded and updated_at >= ${start} and updated_at < ${end}`;
}

export interface GstReport {
  period: GstPeriod;
  sales: { count: number; cents: number };
  zeroRated: { count: number; cents: number };
  /** Box 7. */
  taxable: number;
  /** Box 8: box 7 × 3/23. */
  gstOnSales: number;
  /** The sum of each order's own GST, as a check against box 8. */
  ordersGst: number;
  refunds: { count: number; cents: number; gst: number };
  /** Box 8 less the refunds' GST. */
  gstToPay: number;
}

export async function getGstReport(period: GstPeriod): Promise<GstReport> {
  const { start, end } = periodInstants(period);
  const inPeriod = sql`paid_at >= ${start} and paid_at < ${end}`;
  const found = (await db().execute(sql`
    select sales.*, refunds.*
    from (
      select
        count(*)::int as sales_count,
        coalesce(sum(total), 0)::bigint as sales_cents,
        count(*) filter (where ${ZERO_RATED})::int as zero_count,
        coalesce(sum(total) filter (where ${ZERO_RATED}), 0)::bigint as zero_cents,
        coalesce(sum(gst) filter (where not ${ZERO_RATED}), 0)::bigint as orders_gst
      from orders where ${inPeriod}
    ) sales, (
      select count(*)::int as refund_count, coalesce(sum(total), 0)::bigint as refund_cents,
        coalesce(sum(gst), 0)::bigint as refund_gst
      from (${refundEvents(start, end)}) events
    ) refunds`)) as unknown as {
    rows: Record<string, string | number>[];
  };
  const r = found.rows[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  const sales = { count: n("sales_count"), cents: n("sales_cents") };
  const zeroRated = { count: n("zero_count"), cents: n("zero_cents") };
  const taxable = sales.cents - zeroRated.cents;
  const gstOnSales = gstIncluded(taxable);
  const refunds = { count: n("refund_count"), cents: n("refund_cents"), gst: n("refund_gst") };
  return {
    period,
    sales,
    zeroRated,
    taxable,
    gstOnSales,
    ordersGst: n("orders_gst"),
    refunds,
    gstToPay: gstOnSales - refunds.gst,
  };
}

export type GstLineKind = "sale" | "zero-rated sale" | "refund";

export interface GstLine {
  id: string;
  number: number;
  kind: GstLineKind;
  orderKind: string;
  name: string;
  /** When it was paid (a sale) or refunded (a refund). */
  at: Date;
  total: number;
  gst: number;
  status: string;
}

/** The orders behind the figures, oldest first (a refunded sale in the period is in both). */
export async function gstLines(period: GstPeriod, limit?: number): Promise<GstLine[]> {
  const { start, end } = periodInstants(period);
  const found = (await db().execute(sql`
    select * from (
      select id, number, case when ${ZERO_RATED} then 'zero-rated sale' else 'sale' end as line,
        kind, name, paid_at as at, total, case when ${ZERO_RATED} then 0 else gst end, status
      from orders where paid_at >= ${start} and paid_at < ${end}
      union all
      select id, number, 'refund', kind, name, at, total, gst, status
      from (${refundEvents(start, end)}) events
    ) lines
    order by at, number
    ${limit ? sql`limit ${limit}` : sql``}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return found.rows.map((row) => ({
    id: String(row.id),
    number: Number(row.number),
    kind: row.line as GstLineKind,
    orderKind: String(row.kind),
    name: String(row.name),
    at: new Date(row.at as string),
    total: Number(row.total),
    gst: Number(row.gst),
    status: String(row.status),
  }));
}

/** A cell a spreadsheet won't run as a formula, quoted for CSV (our own amounts are left as they are). */
function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Cents as a dollar amount a spreadsheet reads as a number ("-23.00"). */
const dollars = (cents: number) => Number((cents / 100).toFixed(2));

const nzDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" });

/** The orders and refunds of a period as CSV (UTF-8 with a byte-order mark, for Excel). */
export async function gstCsv(period: GstPeriod): Promise<string> {
  const lines = await gstLines(period);
  const head = [
    "Date (NZ)",
    "Order",
    "Line",
    "Kind",
    "Customer",
    "Amount incl. GST",
    "GST",
    "Status now",
  ];
  const rows = lines.map((l) =>
    [
      nzDate.format(l.at),
      l.number,
      l.kind,
      l.orderKind,
      l.name,
      dollars(l.kind === "refund" ? -l.total : l.total),
      dollars(l.kind === "refund" ? -l.gst : l.gst),
      l.status,
    ]
      .map(csvCell)
      .join(","),
  );
  return `\uFEFF${[head.join(","), ...rows].join("\r\n")}\r\n`;
}
