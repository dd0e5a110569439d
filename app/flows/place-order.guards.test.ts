// What placing an order refuses, and when a resubmit is the same order or a new one (issue 17):
// products off sale or gone, a cart with the same product twice, an expired hold, a site with no
// way to take payment, and each detail that makes a resubmit after a decline a different order.
import { testCard } from "#tests/factories/cards.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { orderItems, orders, products } from "#db/schema/index.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { expireOrderJob } from "#app/modules/orders/expire-order.server.ts";
import { sendOrderConfirmationJob } from "#app/modules/orders/send-order-confirmation.server.ts";
import { MESSAGES } from "#app/modules/checkout/checkout.schema.ts";
import { PLACE_MESSAGES, placeOrder } from "./place-order.server.ts";
import { ORDER_HOLD_MINUTES } from "#app/modules/checkout/pricing.ts";
import { testServices } from "#tests/setup/test-services.ts";

// Each order from its own address, so the checkout limits (ADR 021) never decide these tests.
let buyers = 0;
const buyer = () => ({ ip: `198.51.${Math.floor(++buyers / 250) + 20}.${buyers % 250}` });

const env = testServices({
  settings: { CURRENCY: "NZD" },
  queues: [expireOrderJob, sendOrderConfirmationJob] as never,
});

const GOOD = testCard("success");
const DECLINED = testCard("declined");

async function product(overrides: Parameters<typeof buildProduct>[0] = {}) {
  const p = buildProduct({ price: 1000, stockQuantity: 10, ...overrides });
  await db().insert(products).values(p);
  return p;
}
const stockOf = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

function order(items: { productId: string; quantity: number; price: number }[], card = GOOD) {
  return {
    idempotencyKey: randomUUID(),
    name: "Hemi Walker",
    email: "hemi@example.nz",
    address: {
      street: "7 Rātā Road",
      suburb: "",
      city: "Nelson",
      region: "Nelson",
      postcode: "7010",
      rural: false,
    },
    shippingMethod: "standard",
    items,
    card,
  };
}

test("a product taken off sale, or gone, can't be ordered and holds nothing", async () => {
  const onSale = await product();
  const offSale = await product({ active: false });
  const result = await placeOrder(
    order([
      { productId: onSale.id!, quantity: 1, price: 1000 },
      { productId: offSale.id!, quantity: 1, price: 1000 },
      { productId: "no-such-product", quantity: 1, price: 1000 },
    ]),
    buyer(),
  );
  expect(result).toEqual({
    ok: false,
    code: "conflict",
    message: PLACE_MESSAGES.cartChanged,
    // In product id order, the order every line is taken in.
    problems: [
      { kind: "removed", productId: "no-such-product" },
      { kind: "removed", productId: offSale.id },
    ].sort((a, b) => a.productId!.localeCompare(b.productId!)),
  });
  expect(await stockOf(onSale.id!)).toBe(10);
  expect(await stockOf(offSale.id!)).toBe(10);
});

test("too few left and a changed price are both reported, by product, with what is there now", async () => {
  const a = await product({ id: "guard-a-scarce", name: "Scarce", stockQuantity: 1 });
  const b = await product({ id: "guard-b-dearer", name: "Dearer", price: 1500 });
  const result = await placeOrder(
    order([
      { productId: b.id!, quantity: 1, price: 1000 },
      { productId: a.id!, quantity: 2, price: 1000 },
    ]),
    buyer(),
  );
  expect(result).toMatchObject({
    code: "conflict",
    problems: [
      { kind: "stock", productId: a.id, name: "Scarce", requested: 2, available: 1 },
      { kind: "price", productId: b.id, name: "Dearer", from: 1000, to: 1500 },
    ],
  });
  expect(await stockOf(a.id!)).toBe(1);
  expect(await stockOf(b.id!)).toBe(10);
});

test("the same product on two lines is one line of both quantities, at the database's price", async () => {
  const p = await product({ stockQuantity: 4 });
  const placed = await placeOrder(
    order([
      { productId: p.id!, quantity: 1, price: 1000 },
      { productId: p.id!, quantity: 2, price: 1000 },
    ]),
    buyer(),
  );
  if (!placed.ok) throw new Error(`expected an order: ${placed.message}`);
  const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  expect(lines).toMatchObject([{ productId: p.id, quantity: 3, unitPrice: 1000 }]);
  expect(await stockOf(p.id!)).toBe(1);
  // Together they are more than is left: refused as one request for 4.
  const more = await placeOrder(
    order([
      { productId: p.id!, quantity: 2, price: 1000 },
      { productId: p.id!, quantity: 2, price: 1000 },
    ]),
    buyer(),
  );
  expect(more).toMatchObject({ problems: [{ kind: "stock", requested: 4, available: 1 }] });
});

test("a new order holds its stock for the set time, in the shop's currency, with its address", async () => {
  const p = await product();
  const now = new Date("2026-11-24T10:00:00Z");
  const input = order([{ productId: p.id!, quantity: 1, price: 1000 }], DECLINED);
  const result = await placeOrder(
    { ...input, address: { ...input.address, rural: true } },
    buyer(),
    now,
  );
  if (result.ok || result.code !== "declined") throw new Error("expected a decline");
  expect(await orderRow(result.orderId)).toMatchObject({
    status: "payment_failed",
    currency: "NZD",
    paymentProvider: "demo",
    expiresAt: new Date(now.getTime() + ORDER_HOLD_MINUTES * 60_000),
    createdAt: now,
    address: {
      street: "7 Rātā Road",
      city: "Nelson",
      state: "Nelson",
      zip: "7010",
      country: "New Zealand",
      rural: true,
    },
  });
  expect((await orderRow(result.orderId)).address).not.toHaveProperty("suburb");
});

test("a resubmit after the hold ran out is told so and makes no new order", async () => {
  const p = await product({ stockQuantity: 2 });
  const now = new Date();
  const input = order([{ productId: p.id!, quantity: 1, price: 1000 }], DECLINED);
  const declined = await placeOrder(input, buyer(), now);
  if (declined.ok || declined.code !== "declined") throw new Error("expected a decline");
  const later = new Date(now.getTime() + ORDER_HOLD_MINUTES * 60_000);
  const retry = await placeOrder({ ...input, card: GOOD }, buyer(), later);
  expect(retry).toEqual({ ok: false, code: "expired", message: PLACE_MESSAGES.expired });
  // Even with a changed cart: the key's order has ended, it isn't replaced.
  const changed = await placeOrder(
    { ...input, card: GOOD, items: [{ productId: p.id!, quantity: 2, price: 1000 }] },
    buyer(),
    later,
  );
  expect(changed).toMatchObject({ ok: false, code: "expired" });
  expect(
    await db().select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey)),
  ).toHaveLength(1);
  expect((await orderRow(declined.orderId)).status).toBe("payment_failed");
});

test("after a decline, resubmitting the same details pays the same order", async () => {
  const p = await product({ stockQuantity: 5 });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }], DECLINED);
  const declined = await placeOrder(input, buyer());
  if (declined.ok || declined.code !== "declined") throw new Error("expected a decline");
  // As the form sends it again: the name re-typed with spaces, the address in capitals.
  const paid = await placeOrder(
    {
      ...input,
      email: "HEMI@Example.nz",
      name: " Hemi Walker ",
      card: GOOD,
    },
    buyer(),
  );
  expect(paid).toEqual({ ok: true, orderId: declined.orderId, status: "paid" });
  expect(await stockOf(p.id!)).toBe(3);
});

test("after a decline, any changed detail makes a new order and frees the old one's stock", async () => {
  const changes: [string, (o: ReturnType<typeof order>) => ReturnType<typeof order>][] = [
    ["name", (o) => ({ ...o, name: "Hemi W." })],
    ["email", (o) => ({ ...o, email: "other@example.nz" })],
    ["street", (o) => ({ ...o, address: { ...o.address, street: "9 Rātā Road" } })],
    ["suburb", (o) => ({ ...o, address: { ...o.address, suburb: "Stoke" } })],
    ["city", (o) => ({ ...o, address: { ...o.address, city: "Richmond" } })],
    ["region", (o) => ({ ...o, address: { ...o.address, region: "Tasman" } })],
    ["postcode", (o) => ({ ...o, address: { ...o.address, postcode: "7020" } })],
    ["rural", (o) => ({ ...o, address: { ...o.address, rural: true } })],
    ["shipping", (o) => ({ ...o, shippingMethod: "express" })],
    ["quantity", (o) => ({ ...o, items: [{ ...o.items[0]!, quantity: 1 }] })],
    ["another product", (o) => ({ ...o, items: [...o.items, { ...o.items[0]!, productId: "" }] })],
  ];
  for (const [what, change] of changes) {
    const p = await product({ stockQuantity: 5 });
    const extra = await product();
    const input = order([{ productId: p.id!, quantity: 2, price: 1000 }], DECLINED);
    const declined = await placeOrder(input, buyer());
    if (declined.ok || declined.code !== "declined") throw new Error("expected a decline");
    const changed = change({ ...input, card: GOOD });
    const items = changed.items.map((i) => (i.productId ? i : { ...i, productId: extra.id! }));
    const result = await placeOrder({ ...changed, items }, buyer());
    expect(result, what).toMatchObject({ ok: true, status: "paid" });
    if (!result.ok) continue;
    expect(result.orderId, what).not.toBe(declined.orderId);
    expect(await orderRow(declined.orderId), what).toMatchObject({
      status: "cancelled",
      idempotencyKey: `${input.idempotencyKey}:superseded:${declined.orderId}`,
    });
    // The old hold came back before the new one was taken.
    const wanted = items.filter((i) => i.productId === p.id).reduce((s, i) => s + i.quantity, 0);
    expect(await stockOf(p.id!), what).toBe(5 - wanted);
  }
});

test("without Stripe, a production site takes no orders and says nothing was charged", async () => {
  const p = await product();
  setSettings({ ...env.database.settings, isProduction: true });
  try {
    const result = await placeOrder(
      order([{ productId: p.id!, quantity: 1, price: 1000 }]),
      buyer(),
    );
    expect(result).toEqual({ ok: false, code: "unavailable", message: PLACE_MESSAGES.noPayments });
    // Bad details are still reported as such, card fields aside.
    const invalid = await placeOrder(
      {
        ...order([{ productId: p.id!, quantity: 1, price: 1000 }]),
        name: "",
        card: { number: "1" },
      },
      buyer(),
    );
    expect(invalid).toEqual({
      ok: false,
      code: "invalid",
      message: MESSAGES.failed,
      fieldErrors: { name: MESSAGES.name },
    });
  } finally {
    setSettings(env.database.settings);
  }
  expect(await stockOf(p.id!)).toBe(10);
});

test("the card is checked with the rest of the form; no card at all is a card problem", async () => {
  const p = await product();
  const input = order([{ productId: p.id!, quantity: 1, price: 1000 }]);
  const { card: _, ...noCard } = input;
  expect(await placeOrder(noCard, buyer())).toEqual({
    ok: false,
    code: "invalid",
    message: MESSAGES.failed,
    fieldErrors: {
      cardNumber: MESSAGES.cardNumber,
      cardExpiry: MESSAGES.cardExpiry,
      cardCvc: MESSAGES.cardCvc,
    },
  });
  expect(await placeOrder(null, buyer())).toMatchObject({ ok: false, code: "invalid" });
  expect(await placeOrder({ ...input, card: { ...GOOD, cvc: "1" } }, buyer())).toEqual({
    ok: false,
    code: "invalid",
    message: MESSAGES.failed,
    fieldErrors: { cardCvc: MESSAGES.cardCvc },
  });
  expect(await stockOf(p.id!)).toBe(10);
});
