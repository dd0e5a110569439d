// The GST return report on a real database: a period is New Zealand days (midnight NZDT/NZST at
// both ends), box 5 counts every order paid in it, box 6 the exports, box 8 is 3/23 of box 7, and
// refunds in the period are taken off with the GST they held; the CSV lists the same orders and
// its amounts add up to the figures. Every expected figure is worked out here from the rows made.
import { expect, test } from "vitest";
import { orders, type OrderKind, type OrderStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  defaultGstPeriod,
  getGstReport,
  gstCsv,
  gstLines,
  gstPeriodSchema,
  periodInstants,
} from "./gst-report.server.ts";

testServices({ emptyBeforeEach: true });

let n = 0;
interface Made {
  total: number;
  paidAt: Date | null;
  status?: OrderStatus;
  kind?: OrderKind;
  country?: string;
  updatedAt?: Date;
}
async function insert(made: Made[]) {
  await db()
    .insert(orders)
    .values(
      made.map((m) => ({
        idempotencyKey: `gst-${++n}-${crypto.randomUUID()}`,
        status: m.status ?? "paid",
        kind: m.kind ?? "shop",
        name: "Hemi Walker",
        email: `hemi${n}@example.nz`,
        address: {
          street: "9 Pōhutukawa Drive",
          city: "Tauranga",
          state: "Bay of Plenty",
          zip: "3110",
          country: m.country ?? "NZ",
          rural: false,
        },
        shippingMethod: "standard",
        currency: "NZD",
        subtotal: m.total,
        shipping: 0,
        gst: Math.round((m.total * 3) / 23),
        total: m.total,
        paymentProvider: "demo",
        expiresAt: new Date("2026-01-01T00:00:00Z"),
        paidAt: m.paidAt,
        updatedAt: m.updatedAt ?? m.paidAt ?? new Date("2026-01-01T00:00:00Z"),
      })),
    );
}

// September and October 2026: NZDT began on 27 September, so the period opens at NZST midnight
// (12:00 UTC on 31 August) and closes at NZDT midnight (11:00 UTC on 31 October).
const PERIOD = { from: "2026-09-01", to: "2026-10-31" };

test("a period runs from New Zealand midnight to New Zealand midnight", () => {
  expect(periodInstants(PERIOD)).toEqual({
    start: new Date("2026-08-31T12:00:00Z"),
    end: new Date("2026-10-31T11:00:00Z"),
  });
  expect(defaultGstPeriod("2026-12-02")).toEqual({ from: "2026-10-01", to: "2026-11-30" });
  expect(defaultGstPeriod("2027-01-15")).toEqual({ from: "2026-11-01", to: "2026-12-31" });
  expect(gstPeriodSchema.safeParse({ from: "2026-10-31", to: "2026-09-01" }).success).toBe(false);
  expect(gstPeriodSchema.safeParse({ from: "nope", to: "2026-09-01" }).success).toBe(false);
  expect(gstPeriodSchema.safeParse({ from: null, to: "2026-09-01" }).success).toBe(false);
  expect(gstPeriodSchema.safeParse({ from: "2026-09-01", to: null }).success).toBe(false);
  expect(gstPeriodSchema.safeParse({ from: "2024-01-01", to: "2026-09-01" }).success).toBe(false);
});

test("boxes 5 to 8 and the refunds, from the orders made", async () => {
  const inside: Made[] = [
    { total: 4599, paidAt: new Date("2026-08-31T12:00:00Z") }, // 00:00 1 Sept NZST: in
    { total: 5900, paidAt: new Date("2026-09-15T02:00:00Z"), kind: "subscription box" },
    { total: 8900, paidAt: new Date("2026-10-31T10:59:59Z") }, // 23:59:59 31 Oct NZDT: in
    { total: 12345, paidAt: new Date("2026-10-02T02:00:00Z"), status: "shipped" },
  ];
  const exported: Made = { total: 7000, paidAt: new Date("2026-09-20T00:00:00Z"), country: "AU" };
  // Paid in the period and refunded in it: a sale and a refund.
  const refundedInside: Made = {
    total: 2300,
    paidAt: new Date("2026-09-10T00:00:00Z"),
    status: "refunded",
    updatedAt: new Date("2026-09-12T00:00:00Z"),
  };
  // Paid before the period, refunded in it: only a refund.
  const refundedLater: Made = {
    total: 4600,
    paidAt: new Date("2026-08-01T00:00:00Z"),
    status: "cancelled",
    updatedAt: new Date("2026-10-05T00:00:00Z"),
  };
  const outside: Made[] = [
    { total: 999, paidAt: new Date("2026-08-31T11:59:59Z") },
    { total: 999, paidAt: new Date("2026-10-31T11:00:00Z") },
    { total: 999, paidAt: null, status: "pending_payment" },
    { total: 999, paidAt: null, status: "expired" },
  ];
  await insert([...inside, exported, refundedInside, refundedLater, ...outside]);

  const sales = [...inside, exported, refundedInside];
  const salesCents = sales.reduce((s, o) => s + o.total, 0);
  const taxable = salesCents - exported.total;
  const refunds = [refundedInside, refundedLater];
  const refundGst = refunds.reduce((s, o) => s + Math.round((o.total * 3) / 23), 0);
  const report = await getGstReport(PERIOD);
  expect(report).toEqual({
    period: PERIOD,
    sales: { count: sales.length, cents: salesCents },
    zeroRated: { count: 1, cents: 7000 },
    taxable,
    gstOnSales: Math.round((taxable * 3) / 23),
    ordersGst: [...inside, refundedInside].reduce((s, o) => s + Math.round((o.total * 3) / 23), 0),
    refunds: { count: 2, cents: 2300 + 4600, gst: refundGst },
    gstToPay: Math.round((taxable * 3) / 23) - refundGst,
  });

  const lines = await gstLines(PERIOD);
  expect(lines.filter((l) => l.kind === "sale")).toHaveLength(sales.length - 1);
  expect(lines.filter((l) => l.kind === "zero-rated sale")).toHaveLength(1);
  expect(lines.filter((l) => l.kind === "refund")).toHaveLength(2);

  // The CSV's amounts add up to sales less refunds; its GST to the orders' GST less refunds'.
  const csv = await gstCsv(PERIOD);
  expect(csv.startsWith("\uFEFFDate (NZ),Order,Line,")).toBe(true);
  const rows = csv.trim().split("\r\n").slice(1);
  expect(rows).toHaveLength(lines.length);
  const cents = (i: number) =>
    rows.reduce((s, r) => s + Math.round(Number(r.split(",")[i]) * 100), 0);
  expect(cents(5)).toBe(salesCents - 2300 - 4600);
  expect(cents(6)).toBe(report.ordersGst - refundGst);
  expect(rows[0]!.startsWith("2026-09-01,")).toBe(true);
});

test("a period with no orders is all zeros, and the CSV is its heading alone", async () => {
  const report = await getGstReport(PERIOD);
  expect(report.sales).toEqual({ count: 0, cents: 0 });
  expect(report.gstToPay).toBe(0);
  expect((await gstCsv(PERIOD)).trim().split("\r\n")).toHaveLength(1);
});
