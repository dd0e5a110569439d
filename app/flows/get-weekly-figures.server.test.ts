// The admin home's weekly figures on a real database: weeks begin on Monday at midnight in New
// Zealand (NZST or NZDT), orders and revenue count paid orders less cancelled and refunded ones,
// waitlist sign-ups are counted by region (top five), and low stock counts products on sale only.
import { expect, test } from "vitest";
import { contacts, gifts, orders, products, type GiftStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import type { OrderStatus } from "#db/schema/index.ts";
import { LOW_STOCK } from "#app/modules/catalog/catalog.schema.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { getWeeklyFigures, nzMidnight, nzWeeks } from "./get-weekly-figures.server.ts";

testServices();

test("a week starts on Monday at midnight in New Zealand, across a daylight-saving change", () => {
  // Wednesday 25 November 2026, 12 noon NZDT.
  expect(nzWeeks(new Date("2026-11-24T23:00:00Z"))).toMatchObject({
    lastWeek: new Date("2026-11-15T11:00:00Z"),
    thisWeek: new Date("2026-11-22T11:00:00Z"),
    nextWeek: new Date("2026-11-29T11:00:00Z"),
    monday: { year: 2026, month: 11, day: 23 },
  });
  // Sunday 22 November 23:59 NZDT is still the week before.
  expect(nzWeeks(new Date("2026-11-22T10:59:00Z")).monday).toEqual({
    year: 2026,
    month: 11,
    day: 16,
  });
  // NZDT began on Sunday 27 September 2026: that week's Monday was NZST, the next one NZDT.
  expect(nzWeeks(new Date("2026-09-30T00:00:00Z"))).toMatchObject({
    lastWeek: new Date("2026-09-20T12:00:00Z"),
    thisWeek: new Date("2026-09-27T11:00:00Z"),
  });
  expect(nzMidnight({ year: 2026, month: 4, day: 6 })).toEqual(new Date("2026-04-05T12:00:00Z"));
});

test("orders, revenue, sign-ups by region and low stock, this week against last", async () => {
  const now = new Date("2026-11-24T23:00:00Z");
  const thisWeek = new Date("2026-11-22T11:00:00Z");
  const lastSunday = new Date("2026-11-22T10:59:00Z");
  const twoWeeksAgo = new Date("2026-11-10T00:00:00Z");
  let n = 0;
  const order = (paidAt: Date | null, total: number, status: OrderStatus = "paid") => ({
    idempotencyKey: `weekly-${++n}`,
    status,
    name: "Mere",
    email: `mere${n}@example.nz`,
    address: {
      street: "1 Kauri Road",
      city: "Whangārei",
      state: "Northland",
      zip: "0110",
      country: "NZ",
      rural: false,
    },
    shippingMethod: "standard",
    currency: "USD",
    subtotal: total,
    shipping: 0,
    gst: 0,
    total,
    paymentProvider: "demo",
    expiresAt: new Date("2026-12-31T00:00:00Z"),
    paidAt,
  });
  await db()
    .insert(orders)
    .values([
      order(thisWeek, 14900),
      order(new Date("2026-11-24T20:00:00Z"), 3450, "shipped"),
      order(new Date("2026-11-23T09:00:00Z"), 9999, "refunded"),
      order(new Date("2026-11-23T09:00:00Z"), 5000, "cancelled"),
      order(null, 7000, "pending_payment"),
      order(lastSunday, 2000),
      order(new Date("2026-11-16T01:00:00Z"), 1000, "delivered"),
      order(twoWeeksAgo, 50000),
    ]);
  const contact = (region: string | null, timestamp: Date) => ({
    id: crypto.randomUUID(),
    email: `c${++n}@example.nz`,
    region,
    timestamp,
  });
  await db()
    .insert(contacts)
    .values([
      ...Array.from({ length: 3 }, () => contact("Canterbury", thisWeek)),
      ...Array.from({ length: 2 }, () => contact("Otago", now)),
      ...["Auckland", "Nelson", "Tasman", "Westland"].map((r) => contact(r, now)),
      contact(null, now),
      contact("Canterbury", lastSunday),
      contact("Canterbury", twoWeeksAgo),
    ]);
  await db()
    .insert(products)
    .values([
      buildProduct({ stockQuantity: LOW_STOCK }),
      buildProduct({ stockQuantity: 0 }),
      buildProduct({ stockQuantity: LOW_STOCK + 1 }),
      buildProduct({ stockQuantity: 1, active: false }),
    ]);

  const week = await getWeeklyFigures(now);
  expect(week).toMatchObject({
    weekOf: { year: 2026, month: 11, day: 23 },
    orders: { thisWeek: 2, lastWeek: 2 },
    revenue: { thisWeek: 14900 + 3450, lastWeek: 3000 },
    waitlist: { thisWeek: 10, lastWeek: 1 },
    lowStock: 2,
  });
  expect(week.waitlist.topRegions).toHaveLength(5);
  expect(week.waitlist.topRegions.slice(0, 2)).toEqual([
    { region: "Canterbury", signUps: 3 },
    { region: "Otago", signUps: 2 },
  ]);
  // Ties in name order: Auckland, Nelson, No region given, Tasman, Westland.
  expect(week.waitlist.topRegions.slice(2).map((r) => r.region)).toEqual([
    "Auckland",
    "Nelson",
    "No region given",
  ]);
});

test("gift sales: gifts paid this week against last, refunded and unpaid ones left out", async () => {
  const now = new Date("2026-11-24T23:00:00Z");
  const gift = (paidAt: Date | null, amount: number, status: GiftStatus) => ({
    idempotencyKey: crypto.randomUUID(),
    status,
    buyerName: "Hemi",
    buyerEmail: "hemi@example.nz",
    recipientName: "Mere",
    recipientEmail: "mere@example.nz",
    plan: "1m2",
    months: 3,
    monthlyPrice: amount / 3,
    amount,
    gst: 0,
    currency: "USD",
    sendOn: "2026-12-24",
    codeHash: crypto.randomUUID(),
    paymentProvider: "demo",
    paidAt,
    refundedAt: status === "refunded" ? now : null,
  });
  const before = await getWeeklyFigures(now);
  await db()
    .insert(gifts)
    .values([
      gift(new Date("2026-11-23T01:00:00Z"), 11997, "paid"),
      gift(new Date("2026-11-24T01:00:00Z"), 23994, "refunded"),
      gift(null, 11997, "pending_payment"),
      gift(new Date("2026-11-18T01:00:00Z"), 3000, "paid"),
    ]);
  const week = await getWeeklyFigures(now);
  expect(week.gifts).toEqual({
    thisWeek: before.gifts.thisWeek + 11997,
    lastWeek: before.gifts.lastWeek + 3000,
    countThisWeek: before.gifts.countThisWeek + 1,
  });
  // Not added to revenue: a redeemed gift's boxes are counted there as they go.
  expect(week.revenue).toEqual(before.revenue);
});
