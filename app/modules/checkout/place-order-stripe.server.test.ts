// Placing an order with Stripe configured: one PaymentIntent per order, whose key derives from the
// order id; a retried submit gets the same intent's client secret, never a second intent. Stripe's
// API is replaced by a recording fake (the webhook side is tested against signed events).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { orders, products } from "../../../db/schema/index.ts";
import { buildProduct } from "../../../tests/factories/products";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { db } from "../../lib/db.server";
import { createQueues, startQueue, stopQueue } from "../../lib/queue.server";
import { expireOrderJob } from "../orders/expire-order.server";

const calls: { amount: number; key: string }[] = [];
vi.mock("./stripe.server.ts", () => ({
  stripeEnabled: () => true,
  createPaymentIntent: async (order: { id: string; total: number }) => {
    calls.push({ amount: order.total, key: `order-${order.id}-payment-intent` });
    return { id: `pi_${order.id.slice(0, 8)}`, clientSecret: `pi_${order.id.slice(0, 8)}_secret` };
  },
  paymentIntentSecret: async (id: string) => `${id}_secret`,
  retrieveStripePayment: async () => "open",
}));
const { placeOrder } = await import("./place-order.server");

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_fake",
  });
  await startQueue(t.handle, { connectionString: t.url });
  await createQueues([expireOrderJob] as never);
});
afterAll(async () => {
  await stopQueue();
  await t.close();
});

test("a Stripe order needs no card fields, makes one intent and a retry reuses it", async () => {
  const p = buildProduct({ price: 5000, stockQuantity: 3 });
  await db().insert(products).values(p);
  const input = {
    idempotencyKey: randomUUID(),
    name: "Hemi",
    email: "hemi@example.nz",
    address: { street: "9 Kauri Street", city: "Whangārei", region: "Northland", postcode: "0110" },
    shippingMethod: "standard",
    items: [{ productId: p.id, quantity: 1, price: 5000 }],
  };
  const first = await placeOrder(input);
  expect(first).toMatchObject({ ok: true, status: "requires_payment" });
  if (!first.ok || first.status !== "requires_payment") return;
  expect(first.clientSecret).toMatch(/_secret$/);
  const again = await placeOrder(input);
  expect(again).toEqual(first);
  expect(calls).toEqual([{ amount: 6785, key: `order-${first.orderId}-payment-intent` }]);
  const [row] = await db().select().from(orders).where(eq(orders.id, first.orderId));
  expect(row).toMatchObject({
    status: "pending_payment",
    paymentProvider: "stripe",
    paymentReference: `pi_${first.orderId.slice(0, 8)}`,
    total: 6785,
  });
});
