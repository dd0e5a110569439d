// Part refunds (issue 40, ADR 078), against the local fake of Stripe's API: an admin refunds some
// lines (units per line) or an amount typed in dollars and cents. The confirmation names the
// exact amount with its GST (none for an export); the refund never takes the total refunded past
// what was paid, in the locked transaction and in the database's own check; the same confirmation
// posted twice refunds once; confirmations racing refund at most what is left; the provider is
// asked for that amount; stock comes back only for refunded lines that never left; the order
// stays as it was ("part refunded") until the refunds reach its total, then it is refunded; the
// customer's orders page lists each refund.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { adminNotes, orderItems, orderRefunds, orders, products } from "#db/schema/index.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { formatMoney } from "#app/lib/money.ts";
import { queue } from "#app/lib/queue.server.ts";
import { gstLines } from "#app/modules/payments/gst-report.server.ts";
import { createPayment } from "#app/modules/payments/stripe.server.ts";
import { changeOrderStatus } from "./change-order-status.server.ts";
import { refundOrderPaymentJob } from "./refund-order-payment.server.ts";
import { parseDollars, refundOrder, refundPreview } from "./refund-order.server.ts";
import { listCustomerOrders, refundCovered } from "./list-customer-orders.server.ts";
import { sendOrderUpdateJob } from "./send-order-update.server.ts";

const jobs = [refundOrderPaymentJob, sendOrderUpdateJob];
const env = testServices({ stripe: true, smtp: true, queues: jobs as never });

/**
 * A paid Stripe order of 2 × Basil at $20.00 and 1 × Compost at $15.00, $9.00 shipping: $64.00,
 * from stock of 5 each; in New Zealand unless `country` says otherwise.
 */
async function paidOrder(country = "New Zealand") {
  const basil = buildProduct({ stockQuantity: 5, price: 2000 });
  const compost = buildProduct({ stockQuantity: 5, price: 1500 });
  await db().insert(products).values([basil, compost]);
  const total = 6400;
  const { id: intent } = await createPayment({
    amount: total,
    currency: "NZD",
    email: "mere@example.nz",
    description: "Patch order",
    metadata: {},
    idempotencyKey: crypto.randomUUID(),
  });
  env.stripe.succeed(intent);
  const now = new Date();
  const [order] = await db()
    .insert(orders)
    .values({
      idempotencyKey: crypto.randomUUID(),
      status: "paid",
      name: "Mere Tūhoe",
      email: `mere-${crypto.randomUUID()}@example.nz`,
      address: {
        street: "4 Rātā Street",
        city: "Nelson",
        state: "Nelson",
        zip: "7010",
        country,
        rural: false,
      },
      shippingMethod: "standard",
      currency: "NZD",
      subtotal: 5500,
      shipping: 900,
      gst: country === "New Zealand" ? gstIncluded(total) : 0,
      total,
      paymentProvider: "stripe",
      paymentReference: intent,
      expiresAt: now,
      paidAt: now,
    })
    .returning();
  const items = await db()
    .insert(orderItems)
    .values([
      {
        orderId: order!.id,
        productId: basil.id!,
        name: "Basil seedlings",
        unitPrice: 2000,
        quantity: 2,
        lineTotal: 4000,
      },
      {
        orderId: order!.id,
        productId: compost.id!,
        name: "Compost",
        unitPrice: 1500,
        quantity: 1,
        lineTotal: 1500,
      },
    ])
    .returning();
  const basilLine = items.find((i) => i.productId === basil.id)!;
  const compostLine = items.find((i) => i.productId === compost.id)!;
  return { order: order!, intent, basil: basil.id!, compost: compost.id!, basilLine, compostLine };
}

const stock = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (id: string) =>
  db().select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
const key = () => crypto.randomUUID();
/** The amounts the fake Stripe refunded of one payment. */
const refundedAt = (intent: string) =>
  env.stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount);
const admin = "aroha@patch.nz";
/** A refund by the admin, with a reason and a fresh confirmation's key unless given. */
const refund = (orderId: string, fields: Record<string, unknown>) =>
  refundOrder(orderId, { reason: "Wilted", requestKey: key(), ...fields }, admin);

test("dollars and cents as a person types them are exact cents; anything else is refused", () => {
  expect(parseDollars("12.50")).toBe(1250);
  expect(parseDollars("12.5")).toBe(1250);
  expect(parseDollars("$12")).toBe(1200);
  expect(parseDollars("NZ$1,012.05")).toBe(101205);
  expect(parseDollars("0.10")).toBe(10);
  for (const bad of ["", "12.505", "-3", "twelve", "1e3", "0", "0.00"])
    expect(parseDollars(bad), bad).toBeNull();
});

test("a line refund names its exact amount and GST, and an export's has no GST", async () => {
  const { order, basilLine, compostLine } = await paidOrder();
  const preview = await refundPreview(order.id, {
    mode: "lines",
    lines: { [basilLine.id]: "1", [compostLine.id]: "1" },
  });
  expect(preview).toMatchObject({
    ok: true,
    amount: 3500,
    gst: gstIncluded(3500),
    stockBack: 2,
    email: order.email,
    whole: false,
  });
  if (!preview.ok) throw new Error("expected a preview");
  expect(preview.lines).toEqual([
    expect.objectContaining({ name: "Basil seedlings", quantity: 1, amount: 2000 }),
    expect.objectContaining({ name: "Compost", quantity: 1, amount: 1500 }),
  ]);

  const abroad = await paidOrder("Australia");
  expect(
    await refundPreview(abroad.order.id, { mode: "lines", lines: { [abroad.basilLine.id]: "2" } }),
  ).toMatchObject({ ok: true, amount: 4000, gst: 0 });
});

test("a line refund gives back that amount at the provider, stock for those lines, one note and an e-mail naming them", async () => {
  const { order, intent, basil, compost, basilLine } = await paidOrder();
  const done = await refundOrder(
    order.id,
    {
      mode: "lines",
      lines: { [basilLine.id]: "1" },
      amount: "2000",
      reason: "One punnet wilted",
      requestKey: key(),
    },
    admin,
  );
  expect(done).toMatchObject({ ok: true });
  const row = await orderRow(order.id);
  expect(row).toMatchObject({ status: "paid", refunded: 2000 });
  expect(await stock(basil)).toBe(6);
  expect(await stock(compost)).toBe(5);
  const [refund] = await refundsOf(order.id);
  expect(refund).toMatchObject({ amount: 2000, gst: gstIncluded(2000), stockBack: 1 });
  const notes = await db().select().from(adminNotes).where(eq(adminNotes.subjectId, order.id));
  expect(notes).toHaveLength(1);
  expect(notes[0]!.body).toContain(formatMoney(2000, "NZD"));
  expect(notes[0]!.body).toContain("1 × Basil seedlings");
  expect(notes[0]!.body).toContain("One punnet wilted");
  expect(notes[0]!.authorEmail).toBe(admin);

  await drainQueue(jobs);
  expect(refundedAt(intent)).toEqual([2000]);
  const mail = env.smtp.messages.filter((m) => m.to.includes(order.email));
  expect(mail).toHaveLength(1);
  expect(mail[0]!.text).toContain(formatMoney(2000, "NZD"));
  expect(mail[0]!.text).toContain("1 × Basil seedlings");
});

test("an amount refund of $12.50 leaves the order paid and part refunded; the rest makes it refunded", async () => {
  const { order, intent, basil } = await paidOrder();
  const part = await refundOrder(
    order.id,
    { mode: "amount", dollars: "12.50", amount: "1250", reason: "Late", requestKey: key() },
    admin,
  );
  expect(part).toMatchObject({ ok: true });
  expect(await orderRow(order.id)).toMatchObject({ status: "paid", refunded: 1250 });
  expect(await stock(basil)).toBe(5);
  // The whole refund now is what is left, and stock for everything comes back with it.
  expect(await refundPreview(order.id, { mode: "whole" })).toMatchObject({
    ok: true,
    amount: 6400 - 1250,
    whole: true,
    stockBack: 3,
  });
  const rest = await refundOrder(
    order.id,
    { mode: "whole", amount: String(6400 - 1250), reason: "Gave up", requestKey: key() },
    admin,
  );
  expect(rest).toMatchObject({ ok: true });
  expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded: 6400 });
  expect(await stock(basil)).toBe(7);
  // The refunds' GST adds up to the order's GST exactly.
  const refunds = await refundsOf(order.id);
  expect(refunds.reduce((n, r) => n + r.gst, 0)).toBe(order.gst);
  await drainQueue(jobs);
  expect(refundedAt(intent).sort()).toEqual([1250, 5150]);
});

test("over-refunds are refused: more than is left, more units than were sold, and the database's checks", async () => {
  const { order, basilLine } = await paidOrder();
  const tooMuch = await refund(order.id, { mode: "amount", dollars: "64.01", amount: "6401" });
  expect(tooMuch).toMatchObject({ ok: false });
  const tooMany = { mode: "lines", lines: { [basilLine.id]: "3" }, amount: "6000" };
  expect(await refund(order.id, tooMany)).toMatchObject({ ok: false });
  await refund(order.id, { mode: "amount", dollars: "60", amount: "6000" });
  // $4.00 is left: a line worth $20.00 is more than that.
  const oneLine = { mode: "lines", lines: { [basilLine.id]: "1" }, amount: "2000" };
  expect(await refund(order.id, oneLine)).toMatchObject({ ok: false, code: "conflict" });
  expect(await orderRow(order.id)).toMatchObject({ status: "paid", refunded: 6000 });
  // Below the use-case, the database refuses a refunded sum past the total or units past the sale.
  await expect(
    db().update(orders).set({ refunded: 6401 }).where(eq(orders.id, order.id)),
  ).rejects.toThrow();
  await expect(
    db().update(orderItems).set({ refundedQuantity: 3 }).where(eq(orderItems.id, basilLine.id)),
  ).rejects.toThrow();
});

test("the same confirmation posted twice refunds once", async () => {
  const { order, intent } = await paidOrder();
  const input = {
    mode: "amount",
    dollars: "5",
    amount: "500",
    reason: "Sorry",
    requestKey: key(),
  };
  expect(await refundOrder(order.id, input, admin)).toMatchObject({ ok: true });
  expect(await refundOrder(order.id, input, admin)).toMatchObject({ ok: true });
  expect(await orderRow(order.id)).toMatchObject({ refunded: 500 });
  expect(await refundsOf(order.id)).toHaveLength(1);
  await drainQueue(jobs);
  expect(refundedAt(intent)).toEqual([500]);
});

test("part refunds confirmed at once never refund more than was paid", async () => {
  const { order, intent } = await paidOrder();
  // Three admins each refund $25.60 (40%) of $64.00: two fit, the third does not.
  const results = await Promise.all(
    [0, 1, 2].map(() =>
      refundOrder(
        order.id,
        { mode: "amount", dollars: "25.60", amount: "2560", reason: "Race", requestKey: key() },
        admin,
      ),
    ),
  );
  expect(results.filter((r) => r.ok)).toHaveLength(2);
  expect(await orderRow(order.id)).toMatchObject({ refunded: 5120, status: "paid" });
  await drainQueue(jobs);
  expect(refundedAt(intent)).toEqual([2560, 2560]);
});

test("lines refunded after the goods left put no stock back", async () => {
  const { order, basil, basilLine } = await paidOrder();
  await changeOrderStatus(order.id, { status: "shipped", trackingNumber: "NZP0001" });
  expect(
    await refundPreview(order.id, { mode: "lines", lines: { [basilLine.id]: "2" } }),
  ).toMatchObject({ ok: true, amount: 4000, stockBack: 0 });
  await refundOrder(
    order.id,
    {
      mode: "lines",
      lines: { [basilLine.id]: "2" },
      amount: "4000",
      reason: "Wilted",
      requestKey: key(),
    },
    admin,
  );
  expect(await orderRow(order.id)).toMatchObject({ status: "shipped", refunded: 4000 });
  expect(await stock(basil)).toBe(5);
  // The basil is all refunded: it can't be refunded by line again.
  expect(
    await refundPreview(order.id, { mode: "lines", lines: { [basilLine.id]: "1" } }),
  ).toMatchObject({ ok: false });
  const data = { data: { orderId: order.id } };
  expect(await queue().findJobs(refundOrderPaymentJob.name, data)).toHaveLength(1);
});

test("the GST report takes each part refund off with the GST it gave back, and the rest once", async () => {
  const { order } = await paidOrder();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(
    new Date(),
  );
  await refundOrder(
    order.id,
    { mode: "amount", dollars: "10", amount: "1000", reason: "Late", requestKey: key() },
    admin,
  );
  const mine = async () =>
    (await gstLines({ from: today, to: today })).filter(
      (l) => l.id === order.id && l.kind === "refund",
    );
  expect((await mine()).map((l) => [l.total, l.gst])).toEqual([[1000, gstIncluded(1000)]]);
  await refundOrder(
    order.id,
    { mode: "whole", amount: "5400", reason: "Gave up", requestKey: key() },
    admin,
  );
  const both = await mine();
  expect(both.reduce((n, l) => n + l.total, 0)).toBe(order.total);
  expect(both.reduce((n, l) => n + l.gst, 0)).toBe(order.gst);
});

test("the customer's orders show each refund, its amount, date and what it covered, and the sum of the total", async () => {
  const { order, basilLine } = await paidOrder();
  expect((await listCustomerOrders(order.email))[0]).toMatchObject({ refunded: 0, refunds: [] });
  await refund(order.id, { mode: "lines", lines: { [basilLine.id]: "1" }, amount: "2000" });
  await refund(order.id, { mode: "amount", dollars: "12.50", amount: "1250" });
  const [listed] = await listCustomerOrders(order.email);
  expect(listed).toMatchObject({ id: order.id, total: 6400, refunded: 3250 });
  expect(listed!.refunds.map((r) => [r.amount, r.covered])).toEqual([
    [2000, "1 × Basil seedlings"],
    [1250, "Part of the order's total"],
  ]);
  expect(listed!.refunds.every((r) => r.createdAt instanceof Date)).toBe(true);
  expect(refundCovered({ amount: 6400, lines: [] }, 6400)).toBe("The whole order");
});
