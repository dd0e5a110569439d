// Placing an order with Stripe configured: one PaymentIntent per order, whose key derives from the
// order id; a retried submit gets the same intent's client secret, never a second intent. Our real
// Stripe module (the official library) talks to a local fake of Stripe's API; what it received is
// what we assert on. The webhook side is tested against signed events.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { orders, products } from "#db/schema/index.ts";
import { checkoutInput, HEMI } from "#tests/factories/checkout-input.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { stripeSettings } from "#tests/setup/stripe-api.ts";
import { testSettings } from "#tests/setup/test-database.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { markOrderPaid } from "#app/modules/orders/mark-order-paid.server.ts";
import { expireOrder } from "#app/modules/orders/expire-order.server.ts";
import { orderJobs } from "#app/modules/orders/order-jobs.server.ts";
import { refundOrderPayment } from "#app/modules/orders/refund-order-payment.server.ts";
import { placeOrder } from "./place-order.server.ts";
import { createPaymentIntent, paymentIntentSecret } from "#app/modules/payments/stripe.server.ts";

const env = testServices({
  stripe: true,
  queues: orderJobs,
});

let addresses = 0;
const someone = () => ({ ip: `198.51.100.${++addresses}` });

async function stripeOrder(stockQuantity = 3) {
  const p = buildProduct({ price: 5000, stockQuantity });
  await db().insert(products).values(p);
  const input = checkoutInput({ productId: p.id!, price: 5000 });
  const buyer = someone();
  const placed = await placeOrder(input, buyer);
  if (!placed.ok || placed.status !== "requires_payment")
    throw new Error("expected a Stripe order");
  const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
  const intent = env.stripe.paymentIntents.get(row!.paymentReference!)!;
  return { input, buyer, placed, row: row!, intent, productId: p.id! };
}

const requestsFor = (intentId: string) =>
  env.stripe.requests.filter(
    (r) => r.path.includes(intentId) || r.body.payment_intent === intentId,
  );
const stock = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const hourLater = () => new Date(Date.now() + 60 * 60_000);

test("a Stripe order needs no card fields, makes one intent and a retry reuses it", async () => {
  const intentsBefore = env.stripe.paymentIntents.size;
  const { input, buyer, placed: first, row, intent } = await stripeOrder();
  expect(first.clientSecret).toBe(intent.client_secret);
  expect(first.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
  const again = await placeOrder(input, buyer);
  expect(again).toEqual(first);
  // One intent, keyed by the order id, for the server-computed total; the retry only read it back.
  expect(env.stripe.paymentIntents.size).toBe(intentsBefore + 1);
  const created = env.stripe.requests.filter(
    (r) => r.method === "POST" && r.path === "/v1/payment_intents",
  );
  expect(created.at(-1)).toEqual({
    method: "POST",
    path: "/v1/payment_intents",
    idempotencyKey: `order-${first.orderId}-payment-intent`,
    body: {
      amount: "5900", // US$50.00 + US$9.00 shipping, GST included: nothing on top
      currency: "usd",
      automatic_payment_methods: { enabled: "true" },
      receipt_email: "hemi@example.nz",
      description: `Patch order #${row.number}`,
      metadata: { orderId: first.orderId, orderNumber: String(row.number) },
    },
  });
  // The retry reads the intent twice (is a payment under way? then its client secret), no POST.
  expect(requestsFor(intent.id).map((r) => `${r.method} ${r.path}`)).toEqual([
    `GET /v1/payment_intents/${intent.id}`,
    `GET /v1/payment_intents/${intent.id}`,
  ]);
  expect(intent).toMatchObject({
    amount: 5900,
    currency: "usd",
    status: "requires_payment_method",
  });
  expect(row).toMatchObject({
    status: "pending_payment",
    paymentProvider: "stripe",
    paymentReference: intent.id,
    total: 5900,
  });
  // Asking Stripe again for this order's intent (a crash before we stored its id) is a replay.
  expect(await createPaymentIntent(row)).toEqual({
    id: intent.id,
    clientSecret: intent.client_secret,
  });
  expect(env.stripe.paymentIntents.size).toBe(intentsBefore + 1);
});

test("an unpaid order's expiry cancels its open intent and gives the stock back", async () => {
  const { placed, intent, productId } = await stripeOrder(2);
  expect(await stock(productId)).toBe(1);
  expect(await expireOrder(placed.orderId, hourLater())).toBe("expired");
  // Stripe is asked first (a payment may have just succeeded), then the open intent is cancelled.
  expect(requestsFor(intent.id)).toEqual([
    {
      method: "GET",
      path: `/v1/payment_intents/${intent.id}`,
      idempotencyKey: undefined,
      body: {},
    },
    {
      method: "POST",
      path: `/v1/payment_intents/${intent.id}/cancel`,
      idempotencyKey: `cancel-${intent.id}`,
      body: {},
    },
  ]);
  expect(intent.status).toBe("canceled");
  expect(await stock(productId)).toBe(2);
  const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
  expect(row?.status).toBe("expired");
});

test("a payment that succeeded as the hold ran out is honoured, and a refund goes to Stripe once", async () => {
  const { placed, intent, productId } = await stripeOrder(2);
  env.stripe.succeed(intent.id);
  expect(await expireOrder(placed.orderId, hourLater())).toBe("paid");
  expect(requestsFor(intent.id).map((r) => `${r.method} ${r.path}`)).toEqual([
    `GET /v1/payment_intents/${intent.id}`,
  ]);
  expect(intent.status).toBe("succeeded");
  expect(await stock(productId)).toBe(1);

  expect(await changeOrderStatus(placed.orderId, { status: "refunded" })).toEqual({ ok: true });
  expect(await refundOrderPayment(placed.orderId)).toBe("refunded");
  // A rerun of the job is the same refund (Stripe replays it), never a second one.
  expect(await refundOrderPayment(placed.orderId)).toBe("refunded");
  const refundCalls = requestsFor(intent.id).filter((r) => r.path === "/v1/refunds");
  expect(refundCalls).toEqual([
    {
      method: "POST",
      path: "/v1/refunds",
      idempotencyKey: `order-${placed.orderId}-refund`,
      body: { payment_intent: intent.id },
    },
    {
      method: "POST",
      path: "/v1/refunds",
      idempotencyKey: `order-${placed.orderId}-refund`,
      body: { payment_intent: intent.id },
    },
  ]);
  expect(env.stripe.refunds.filter((r) => r.payment_intent === intent.id)).toEqual([
    expect.objectContaining({ object: "refund", amount: 5900 }),
  ]);
  expect(await stock(productId)).toBe(2);
});

test("Stripe's errors reach us as Stripe errors: an unknown intent, a wrong key", async () => {
  await expect(paymentIntentSecret("pi_nope")).rejects.toMatchObject({
    type: "StripeInvalidRequestError",
    statusCode: 404,
    code: "resource_missing",
  });
  setSettings(testSettings({ ...stripeSettings(env.stripe), STRIPE_SECRET_KEY: "sk_test_wrong" }));
  try {
    await expect(paymentIntentSecret("pi_nope")).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
  } finally {
    setSettings(env.database.settings);
  }
});

function checkoutFor(productId: string, email = "wiremu@example.nz") {
  return checkoutInput({ productId, price: 5000 }, { ...HEMI, email });
}

test("three unpaid orders may hold stock per address and per e-mail; the fourth waits for a hold to end", async () => {
  const p = buildProduct({ price: 5000, stockQuantity: 20 });
  await db().insert(products).values(p);
  const home = { ip: "203.0.113.50" };
  const start = new Date();
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  const held = [];
  for (let i = 0; i < 3; i++) {
    const input = checkoutFor(p.id!);
    const result = await placeOrder(input, home, at(i));
    expect(result, `order ${i + 1}`).toMatchObject({ ok: true, status: "requires_payment" });
    held.push({ input, result });
  }
  expect(await stock(p.id!)).toBe(17);

  const refused = {
    ok: false,
    code: "limited",
    message:
      "You already have 3 unpaid orders holding items. Please finish paying for one of them, or try again in 30 minutes.",
    // Until the first hold ends.
    retryAfter: 30 * 60 - 5,
  };
  // A fourth from the same address under another e-mail, and from elsewhere under the same e-mail.
  expect(await placeOrder(checkoutFor(p.id!, "someone.else@example.nz"), home, at(5))).toEqual(
    refused,
  );
  expect(await placeOrder(checkoutFor(p.id!), { ip: "203.0.113.51" }, at(5))).toEqual(refused);
  expect(await stock(p.id!)).toBe(17);
  // Retrying one of the three is not a new hold.
  expect(await placeOrder(held[0]!.input, home, at(6))).toEqual(held[0]!.result);
  // Someone else entirely is not affected.
  expect(
    await placeOrder(checkoutFor(p.id!, "kiri@example.nz"), { ip: "203.0.113.52" }, at(6)),
  ).toMatchObject({ ok: true });

  // Once one of the three is paid, its hold is no longer open: a fourth may start.
  const first = held[0]!.result;
  if (!first.ok) throw new Error("expected an order");
  await db().transaction((tx) =>
    markOrderPaid({ tx, orderId: first.orderId, reference: "pi_paid_in_test" }),
  );
  expect(await placeOrder(checkoutFor(p.id!), home, at(7))).toMatchObject({
    ok: true,
    status: "requires_payment",
  });
});

test("ten unpaid orders started at once from one address: three hold stock, seven are told to wait", async () => {
  const p = buildProduct({ price: 5000, stockQuantity: 20 });
  await db().insert(products).values(p);
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      placeOrder(checkoutFor(p.id!, `burst${i}@example.nz`), { ip: "203.0.113.60" }),
    ),
  );
  expect(results.filter((r) => r.ok)).toHaveLength(3);
  expect(results.filter((r) => !r.ok && r.code === "limited")).toHaveLength(7);
  expect(await stock(p.id!)).toBe(17);
});
