// Checkout against a real database and SMTP server: totals, stock reservation under concurrency,
// idempotent retries, the demo card provider, expiry, and the confirmation e-mail.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { notifications, orderItems, orders, products } from "../../../db/schema/index.ts";
import { buildProduct } from "../../../tests/factories/products";
import { startSmtp, type TestSmtp } from "../../../tests/setup/smtp";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { db } from "../../lib/db.server";
import { closeMail } from "../../lib/mail.server";
import { createQueues, queue, startQueue, stopQueue } from "../../lib/queue.server";
import { expireOrder, expireOrderJob } from "../orders/expire-order.server";
import {
  sendOrderConfirmation,
  sendOrderConfirmationJob,
} from "../orders/send-order-confirmation.server";
import { DEMO_MESSAGES } from "./demo-payments.server";
import { placeOrder } from "./place-order.server";
import { quoteOrder } from "./quote-order.server";

let t: TestDatabase;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await openTestDatabase({ SMTP_URL: smtp.url, SITE_URL: "https://patch.test" });
  await startQueue(t.handle, { connectionString: t.url });
  await createQueues([expireOrderJob, sendOrderConfirmationJob] as never);
});
afterAll(async () => {
  closeMail();
  await stopQueue();
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

async function product(overrides: Parameters<typeof buildProduct>[0] = {}) {
  const p = buildProduct(overrides);
  await db().insert(products).values(p);
  return p;
}

const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
const DECLINED_CARD = { number: "4000 0000 0000 0002", expiry: "12/39", cvc: "123" };

function order(
  items: { productId: string; quantity: number; price: number }[],
  extra: Record<string, unknown> = {},
) {
  return {
    idempotencyKey: randomUUID(),
    name: "Aroha Ngata",
    email: "Aroha@Example.NZ",
    address: {
      street: "12 Kōwhai Street",
      suburb: "Hamilton East",
      city: "Hamilton",
      region: "Waikato",
      postcode: "3216",
      rural: false,
    },
    shippingMethod: "standard",
    items,
    card: GOOD_CARD,
    ...extra,
  };
}

async function stockOf(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!.stockQuantity;
}

test("a paid order has server-computed totals with GST on its own line and takes the stock", async () => {
  const kit = await product({ price: 14900, stockQuantity: 4 });
  const seeds = await product({ price: 450, stockQuantity: 10 });
  const result = await placeOrder(
    order([
      { productId: kit.id!, quantity: 1, price: 14900 },
      { productId: seeds.id!, quantity: 3, price: 450 },
    ]),
  );
  expect(result).toMatchObject({ ok: true, status: "paid" });
  if (!result.ok) return;
  const [row] = await db().select().from(orders).where(eq(orders.id, result.orderId));
  expect(row).toMatchObject({
    status: "paid",
    email: "aroha@example.nz",
    subtotal: 16250,
    shipping: 0,
    gst: 2438,
    total: 18688,
    currency: "USD",
    paymentProvider: "demo",
    address: { state: "Waikato", zip: "3216", country: "New Zealand", rural: false },
  });
  expect(row!.number).toBeGreaterThanOrEqual(1001);
  const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
  expect(lines.map((l) => [l.unitPrice, l.quantity, l.lineTotal]).sort()).toEqual(
    [
      [14900, 1, 14900],
      [450, 3, 1350],
    ].sort(),
  );
  expect(await stockOf(kit.id!)).toBe(3);
  expect(await stockOf(seeds.id!)).toBe(7);
  // Card numbers are never stored.
  expect(JSON.stringify(row)).not.toContain("4242");
});

test("the quote prices lines from the database, with express and rural shipping", async () => {
  const p = await product({ price: 1990 });
  const quote = await quoteOrder({
    items: [{ productId: p.id, quantity: 2, price: 1 }],
    shippingMethod: "express",
    rural: true,
  });
  expect(quote).toMatchObject({
    ok: true,
    totals: { subtotal: 3980, shipping: 2400, ruralSurcharge: 600, gst: 957, total: 7337 },
  });
});

test("30 concurrent checkouts for the last 5 units: exactly 5 orders, stock never below 0", async () => {
  const last = await product({ stockQuantity: 5, price: 1000 });
  const results = await Promise.all(
    Array.from({ length: 30 }, () =>
      placeOrder(order([{ productId: last.id!, quantity: 1, price: 1000 }])),
    ),
  );
  const won = results.filter((r) => r.ok);
  expect(won).toHaveLength(5);
  expect(results.filter((r) => !r.ok && r.code === "cart-changed")).toHaveLength(25);
  expect(await stockOf(last.id!)).toBe(0);
  const rows = await db().select().from(orderItems).where(eq(orderItems.productId, last.id!));
  expect(rows.reduce((s, r) => s + r.quantity, 0)).toBe(5);
});

test("an order that can't get every line reserves none of them", async () => {
  const plenty = await product({ stockQuantity: 10 });
  const scarce = await product({ stockQuantity: 1, name: "Scarce thing" });
  const result = await placeOrder(
    order([
      { productId: plenty.id!, quantity: 2, price: 1000 },
      { productId: scarce.id!, quantity: 2, price: 1000 },
    ]),
  );
  expect(result).toMatchObject({
    ok: false,
    code: "cart-changed",
    problems: [{ kind: "stock", productId: scarce.id, requested: 2, available: 1 }],
  });
  expect(await stockOf(plenty.id!)).toBe(10);
  expect(await stockOf(scarce.id!)).toBe(1);
});

test("a price changed since the cart stops the order and says so", async () => {
  const p = await product({ price: 1200, name: "Dearer now" });
  const result = await placeOrder(order([{ productId: p.id!, quantity: 1, price: 1000 }]));
  expect(result).toMatchObject({
    ok: false,
    code: "cart-changed",
    problems: [{ kind: "price", from: 1000, to: 1200, name: "Dearer now" }],
  });
  expect(await stockOf(p.id!)).toBe(10);
});

test("retrying a submit (in turn and at once) never makes a second order", async () => {
  const p = await product({ stockQuantity: 10 });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }]);
  const results = await Promise.all([placeOrder(input), placeOrder(input), placeOrder(input)]);
  const again = await placeOrder(input);
  const ids = new Set([...results, again].map((r) => (r.ok ? r.orderId : "failed")));
  expect(ids.size).toBe(1);
  expect(ids.has("failed")).toBe(false);
  const rows = await db()
    .select()
    .from(orders)
    .where(eq(orders.idempotencyKey, input.idempotencyKey));
  expect(rows).toHaveLength(1);
  expect(await stockOf(p.id!)).toBe(8);
});

test("a declined card is told clearly, keeps the hold, and a retry with a good card pays it", async () => {
  const p = await product({ stockQuantity: 3 });
  const input = order([{ productId: p.id!, quantity: 1, price: 1000 }], { card: DECLINED_CARD });
  const declined = await placeOrder(input);
  expect(declined).toMatchObject({ ok: false, code: "declined", message: DEMO_MESSAGES.declined });
  if (declined.ok || declined.code !== "declined") return;
  const [held] = await db().select().from(orders).where(eq(orders.id, declined.orderId));
  expect(held).toMatchObject({ status: "payment_failed", paymentError: DEMO_MESSAGES.declined });
  expect(await stockOf(p.id!)).toBe(2);

  const unknown = await placeOrder({
    ...input,
    card: { ...GOOD_CARD, number: "5555555555554444" },
  });
  expect(unknown).toMatchObject({ ok: false, code: "declined", message: DEMO_MESSAGES.unknown });

  const paid = await placeOrder({ ...input, card: GOOD_CARD });
  expect(paid).toEqual({ ok: true, orderId: declined.orderId, status: "paid" });
  expect(await stockOf(p.id!)).toBe(2);
});

test("invalid details get field messages and reserve nothing", async () => {
  const p = await product({ stockQuantity: 3 });
  const result = await placeOrder({
    ...order([{ productId: p.id!, quantity: 1, price: 1000 }]),
    email: "nope",
    address: { street: "", city: "", region: "Atlantis", postcode: "12345" },
    card: { number: "12", expiry: "13/99", cvc: "x" },
  });
  expect(result).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: {
      email: "Please enter a valid email address",
      street: "Please enter the street address",
      region: "Please select your region in New Zealand",
      postcode: "Please enter a 4-digit New Zealand postcode",
      cardNumber: "Please enter the card number",
      cardExpiry: "Please enter the expiry date as MM/YY",
      cardCvc: "Please enter the 3 or 4 digit security code",
    },
  });
  expect(await stockOf(p.id!)).toBe(3);
});

test("unpaid orders expire after 30 minutes and give their stock back, once", async () => {
  const p = await product({ stockQuantity: 2 });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }], { card: DECLINED_CARD });
  const placed = await placeOrder(input);
  if (placed.ok || placed.code !== "declined") throw new Error("expected a declined order");
  expect(await stockOf(p.id!)).toBe(0);
  const [job] = await queue().findJobs(expireOrderJob.name, { data: { orderId: placed.orderId } });
  expect(job).toBeDefined();
  const startAfter = new Date(job!.startAfter).getTime() - Date.now();
  expect(startAfter).toBeGreaterThan(29 * 60_000);

  expect(await expireOrder(placed.orderId)).toBe("not-due");
  const later = new Date(Date.now() + 31 * 60_000);
  expect(await expireOrder(placed.orderId, later)).toBe("expired");
  expect(await expireOrder(placed.orderId, later)).toBe("settled");
  expect(await stockOf(p.id!)).toBe(2);
  const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
  expect(row?.status).toBe("expired");
  // Paying the expired checkout later is refused, and the stock stays released.
  const late = await placeOrder({ ...input, card: GOOD_CARD });
  expect(late).toMatchObject({ ok: false, code: "expired" });
  expect(await stockOf(p.id!)).toBe(2);
});

test("a paid order is never expired", async () => {
  const p = await product({ stockQuantity: 2 });
  const placed = await placeOrder(order([{ productId: p.id!, quantity: 1, price: 1000 }]));
  if (!placed.ok) throw new Error("expected a paid order");
  expect(await expireOrder(placed.orderId, new Date(Date.now() + 60 * 60_000))).toBe("settled");
  expect(await stockOf(p.id!)).toBe(1);
});

test("the confirmation e-mail is queued on payment and sent once", async () => {
  const p = await product({ name: "Hand trowel", price: 2490 });
  const placed = await placeOrder(order([{ productId: p.id!, quantity: 1, price: 2490 }]));
  if (!placed.ok) throw new Error("expected a paid order");
  const jobs = await queue().findJobs(sendOrderConfirmationJob.name, {
    data: { orderId: placed.orderId },
  });
  expect(jobs).toHaveLength(1);
  expect(await sendOrderConfirmation({ orderId: placed.orderId })).toBe("sent");
  expect(await sendOrderConfirmation({ orderId: placed.orderId })).toBe("already-sent");
  const [mail] = await smtp.waitFor(1);
  expect(mail?.to).toBe("aroha@example.nz");
  expect(mail?.subject).toMatch(/^Your Patch order #\d+ is confirmed$/);
  expect(mail?.text).toContain("1 × Hand trowel: $24.90");
  expect(mail?.text).toContain("GST (15%)");
  expect(mail?.text).toContain(`https://patch.test/post-checkout?order=${placed.orderId}`);
  await new Promise((r) => setTimeout(r, 100));
  expect(smtp.messages).toHaveLength(1);
  const [note] = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.idempotencyKey, `order-confirmation:${placed.orderId}`));
  expect(note?.status).toBe("sent");
});

test("after a decline, a changed cart under the same key replaces the unpaid order and its hold", async () => {
  const p = await product({ stockQuantity: 3 });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }], { card: DECLINED_CARD });
  const declined = await placeOrder(input);
  if (declined.ok || declined.code !== "declined") throw new Error("expected a decline");
  expect(await stockOf(p.id!)).toBe(1);
  // The person now wants all three: only possible once the first hold is released.
  const changed = await placeOrder({
    ...input,
    items: [{ productId: p.id!, quantity: 3, price: 1000 }],
    card: GOOD_CARD,
  });
  expect(changed).toMatchObject({ ok: true, status: "paid" });
  if (!changed.ok) return;
  expect(changed.orderId).not.toBe(declined.orderId);
  expect(await stockOf(p.id!)).toBe(0);
  const [old] = await db().select().from(orders).where(eq(orders.id, declined.orderId));
  expect(old).toMatchObject({ status: "cancelled" });
  expect(old?.stockReleasedAt).toBeInstanceOf(Date);
  const [current] = await db()
    .select()
    .from(orders)
    .where(eq(orders.idempotencyKey, input.idempotencyKey));
  expect(current?.id).toBe(changed.orderId);
});
