// Stripe's webhook: signature checked on the raw body, events de-duplicated by id, and replays,
// out-of-order and tampered events leave the order correct; a failed payment gives its stock back
// at once. Events are signed with the Stripe library's own test-header helper; orders are placed
// through our Stripe module talking to a local fake of Stripe's API.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect, test } from "vitest";
import { orders, paymentEvents, products } from "#db/schema/index.ts";
import { checkoutInput } from "#tests/factories/checkout-input.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { placeOrder } from "#app/flows/place-order.server.ts";
import { expireOrder, expireOrderJob } from "./expire-order.server.ts";
import { handleStripeWebhook } from "./handle-stripe-webhook.server.ts";
import { sendOrderConfirmationJob } from "./send-order-confirmation.server.ts";

const SECRET = "whsec_test_secret_for_patch";
testServices({
  stripe: { webhookSecret: SECRET },
  queues: [expireOrderJob, sendOrderConfirmationJob] as never,
});

let addresses = 0;

/** An unpaid Stripe order holding one of the product's five units. */
async function unpaidOrder() {
  const p = buildProduct({ stockQuantity: 5 });
  await db().insert(products).values(p);
  const input = checkoutInput(
    { productId: p.id!, price: p.price },
    {
      name: "Tama",
      email: "tama@example.nz",
      address: { street: "1 Rata Road", city: "Nelson", region: "Nelson", postcode: "7010" },
    },
  );
  const buyer = { ip: `192.0.2.${++addresses}` };
  const placed = await placeOrder(input, buyer);
  if (!placed.ok || placed.status !== "requires_payment")
    throw new Error("expected an unpaid order");
  return { orderId: placed.orderId, productId: p.id!, input, buyer, placed };
}

/** An unpaid order whose hold ran out (its unit back on the shelf), with `stock` units there now. */
async function expiredOrder(stock: number) {
  const { orderId, productId } = await unpaidOrder();
  await db()
    .update(orders)
    .set({ status: "expired", stockReleasedAt: new Date() })
    .where(eq(orders.id, orderId));
  await db().update(products).set({ stockQuantity: stock }).where(eq(products.id, productId));
  return { orderId, productId };
}

/** A success that finds no stock: answered, the order left as it was and flagged for a person. */
async function expectFlaggedWithoutStock(orderId: string, productId: string, status: string) {
  const ok = signed(event("payment_intent.succeeded", orderId));
  expect((await handleStripeWebhook(ok.body, ok.signature)).ok).toBe(true);
  const order = await statusOf(orderId);
  expect(order.status).toBe(status);
  expect(order.paymentError).toContain("refund or restock");
  expect(await stockOf(productId)).toBe(0);
}

const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;

function event(type: string, orderId: string, extra: Record<string, unknown> = {}) {
  return {
    id: `evt_${randomUUID().replace(/-/g, "")}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `pi_${orderId.slice(0, 8)}`,
        object: "payment_intent",
        metadata: { orderId },
        last_payment_error: type.endsWith("failed") ? { message: "Your card was declined." } : null,
      },
    },
    ...extra,
  };
}

function signed(payload: object, secret = SECRET) {
  const body = JSON.stringify(payload);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

async function statusOf(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

test("a signed payment_intent.succeeded marks the order paid and queues the confirmation", async () => {
  const { orderId } = await unpaidOrder();
  const { body, signature } = signed(event("payment_intent.succeeded", orderId));
  expect(await handleStripeWebhook(body, signature)).toEqual({ ok: true, duplicate: false });
  const order = await statusOf(orderId);
  expect(order.status).toBe("paid");
  expect(order.paymentReference).toBe(`pi_${orderId.slice(0, 8)}`);
  const jobs = await queue().findJobs(sendOrderConfirmationJob.name, { data: { orderId } });
  expect(jobs).toHaveLength(1);
});

test("a replayed event is recognised by id and does nothing twice", async () => {
  const { orderId } = await unpaidOrder();
  const evt = event("payment_intent.succeeded", orderId);
  const first = signed(evt);
  await handleStripeWebhook(first.body, first.signature);
  const replay = signed(evt);
  expect(await handleStripeWebhook(replay.body, replay.signature)).toEqual({
    ok: true,
    duplicate: true,
  });
  const rows = await db().select().from(paymentEvents).where(eq(paymentEvents.id, evt.id));
  expect(rows).toHaveLength(1);
  const jobs = await queue().findJobs(sendOrderConfirmationJob.name, { data: { orderId } });
  expect(jobs).toHaveLength(1);
});

test("a failure arriving after success (out of order) leaves the order paid", async () => {
  const { orderId } = await unpaidOrder();
  const ok = signed(event("payment_intent.succeeded", orderId));
  const failed = signed(
    event("payment_intent.payment_failed", orderId, {
      created: Math.floor(Date.now() / 1000) - 60,
    }),
  );
  await handleStripeWebhook(ok.body, ok.signature);
  expect((await handleStripeWebhook(failed.body, failed.signature)).ok).toBe(true);
  const order = await statusOf(orderId);
  expect(order.status).toBe("paid");
  expect(order.paymentError).toBeNull();
  expect(order.stockReleasedAt).toBeNull();
});

test("a failed payment gives the order's stock back at once, and only once", async () => {
  const { orderId, productId } = await unpaidOrder();
  expect(await stockOf(productId)).toBe(4);
  const failed = signed(event("payment_intent.payment_failed", orderId));
  expect(await handleStripeWebhook(failed.body, failed.signature)).toEqual({
    ok: true,
    duplicate: false,
  });
  expect(await statusOf(orderId)).toMatchObject({
    status: "payment_failed",
    paymentError: "Your card was declined.",
    stockReleasedAt: expect.any(Date),
  });
  expect(await stockOf(productId)).toBe(5);
  // The same event again, a second failure, and the hold's expiry return nothing more.
  await handleStripeWebhook(failed.body, failed.signature);
  const again = signed(event("payment_intent.payment_failed", orderId));
  await handleStripeWebhook(again.body, again.signature);
  expect(await stockOf(productId)).toBe(5);
  expect(await expireOrder(orderId, new Date(Date.now() + 31 * 60_000))).toBe("expired");
  expect(await stockOf(productId)).toBe(5);
});

test("a failure then a success ends paid, taking the stock again; the failure's message is kept until then", async () => {
  const { orderId, productId } = await unpaidOrder();
  const failed = signed(event("payment_intent.payment_failed", orderId));
  await handleStripeWebhook(failed.body, failed.signature);
  expect(await statusOf(orderId)).toMatchObject({
    status: "payment_failed",
    paymentError: "Your card was declined.",
  });
  expect(await stockOf(productId)).toBe(5);
  const ok = signed(event("payment_intent.succeeded", orderId));
  await handleStripeWebhook(ok.body, ok.signature);
  expect(await statusOf(orderId)).toMatchObject({
    status: "paid",
    paymentError: null,
    stockReleasedAt: null,
  });
  expect(await stockOf(productId)).toBe(4);
});

test("a success after a failure, once the stock has gone, is flagged for a person", async () => {
  const { orderId, productId } = await unpaidOrder();
  const failed = signed(event("payment_intent.payment_failed", orderId));
  await handleStripeWebhook(failed.body, failed.signature);
  await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, productId));
  await expectFlaggedWithoutStock(orderId, productId, "payment_failed");
});

test("the buyer's retry after a failed payment takes the stock again and reuses the intent", async () => {
  const { orderId, productId, input, buyer, placed } = await unpaidOrder();
  const failed = signed(event("payment_intent.payment_failed", orderId));
  await handleStripeWebhook(failed.body, failed.signature);
  expect(await stockOf(productId)).toBe(5);
  const retry = await placeOrder(input, buyer);
  expect(retry).toEqual(placed);
  expect(await stockOf(productId)).toBe(4);
  expect((await statusOf(orderId)).stockReleasedAt).toBeNull();
});

test("tampered, unsigned or wrongly signed events are refused and change nothing", async () => {
  const { orderId } = await unpaidOrder();
  const { body, signature } = signed(event("payment_intent.succeeded", orderId));
  const tampered = body.replace('"payment_intent.succeeded"', '"payment_intent.succeeded" ');
  expect(await handleStripeWebhook(tampered, signature)).toMatchObject({
    ok: false,
    code: "invalid",
  });
  expect(await handleStripeWebhook(body, undefined)).toMatchObject({ ok: false, code: "invalid" });
  const wrong = signed(event("payment_intent.succeeded", orderId), "whsec_someone_else");
  expect(await handleStripeWebhook(wrong.body, wrong.signature)).toMatchObject({
    ok: false,
    code: "invalid",
  });
  expect((await statusOf(orderId)).status).toBe("pending_payment");
});

test("success for an order that already expired takes its stock again when it is there", async () => {
  const { orderId, productId } = await expiredOrder(5);
  const ok = signed(event("payment_intent.succeeded", orderId));
  await handleStripeWebhook(ok.body, ok.signature);
  expect(await statusOf(orderId)).toMatchObject({ status: "paid", stockReleasedAt: null });
  expect(await stockOf(productId)).toBe(4);
});

test("success for an expired order whose stock is gone is flagged, stock untouched", async () => {
  const { orderId, productId } = await expiredOrder(0);
  await expectFlaggedWithoutStock(orderId, productId, "expired");
});
