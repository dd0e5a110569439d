// Checkout against a real database and SMTP server: totals, stock reservation under concurrency,
// idempotent retries, the demo card provider, expiry, and the confirmation e-mail.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { notifications, orderItems, orders, products } from "#db/schema/index.ts";
import { testCard } from "#tests/factories/cards.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { expireOrder, expireOrderJob } from "#app/modules/orders/expire-order.server.ts";
import {
  sendOrderConfirmation,
  sendOrderConfirmationJob,
} from "#app/modules/orders/send-order-confirmation.server.ts";
import { DEMO_MESSAGES } from "#app/modules/payments/demo-payments.server.ts";
import { MESSAGES } from "#app/modules/checkout/checkout.schema.ts";
import { placeOrder } from "./place-order.server.ts";
import { quoteOrder } from "#app/modules/checkout/quote-order.server.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { formatMoney } from "#app/lib/money.ts";
import { cartSubtotal, type CartItem } from "#app/modules/cart/cart-store.ts";
import { SHIPPING_METHODS, toFreeShipping } from "#app/modules/checkout/pricing.ts";

const env = testServices({
  smtp: true,
  queues: [expireOrderJob, sendOrderConfirmationJob] as never,
});

async function product(overrides: Parameters<typeof buildProduct>[0] = {}) {
  const p = buildProduct(overrides);
  await db().insert(products).values(p);
  return p;
}

const GOOD_CARD = testCard("success");
const DECLINED_CARD = testCard("declined");

// Each order comes from its own address unless a test says otherwise, so the per-address limits
// only meet the tests that are about them.
let addresses = 0;
const someone = () => ({ ip: `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}` });

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

/** The e-mail that names this order (other tests' e-mails arrive in the same mailbox). */
async function mailAbout(orderId: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const found = env.smtp.messages.find((m) => m.text.includes(orderId));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no e-mail about order ${orderId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stockOf(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!.stockQuantity;
}

test("a paid order has server-computed GST-inclusive totals and takes the stock", async () => {
  const kit = await product({ price: 14900, stockQuantity: 4 });
  const seeds = await product({ price: 450, stockQuantity: 10 });
  const result = await placeOrder(
    order([
      { productId: kit.id!, quantity: 1, price: 14900 },
      { productId: seeds.id!, quantity: 3, price: 450 },
    ]),
    someone(),
  );
  expect(result).toMatchObject({ ok: true, status: "paid" });
  if (!result.ok) return;
  const [row] = await db().select().from(orders).where(eq(orders.id, result.orderId));
  expect(row).toMatchObject({
    status: "paid",
    email: "aroha@example.nz",
    subtotal: 16250,
    shipping: 0,
    gst: 2120, // the GST included in US$162.50: 162.50 × 3/23 = 21.1956… → 21.20
    total: 16250, // prices include GST: nothing is added on top

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
    totals: { subtotal: 3980, shipping: 2400, ruralSurcharge: 600, gst: 832, total: 6380 },
  });
});

test("30 concurrent checkouts for the last 5 units: exactly 5 orders, stock never below 0", async () => {
  const last = await product({ stockQuantity: 5, price: 1000 });
  // Thirty different people at once.
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      placeOrder(
        order([{ productId: last.id!, quantity: 1, price: 1000 }], {
          email: `buyer${i}@example.nz`,
        }),
        someone(),
      ),
    ),
  );
  const won = results.filter((r) => r.ok);
  expect(won).toHaveLength(5);
  expect(results.filter((r) => !r.ok && r.code === "conflict")).toHaveLength(25);
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
    someone(),
  );
  expect(result).toMatchObject({
    ok: false,
    code: "conflict",
    problems: [{ kind: "stock", productId: scarce.id, requested: 2, available: 1 }],
  });
  expect(await stockOf(plenty.id!)).toBe(10);
  expect(await stockOf(scarce.id!)).toBe(1);
});

test("a price changed since the cart stops the order and says so", async () => {
  const p = await product({ price: 1200, name: "Dearer now" });
  const result = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }]),
    someone(),
  );
  expect(result).toMatchObject({
    ok: false,
    code: "conflict",
    problems: [{ kind: "price", from: 1000, to: 1200, name: "Dearer now" }],
  });
  expect(await stockOf(p.id!)).toBe(10);
});

test("retrying a submit (in turn and at once) never makes a second order", async () => {
  const p = await product({ stockQuantity: 10 });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }]);
  const buyer = someone();
  const results = await Promise.all([
    placeOrder(input, buyer),
    placeOrder(input, buyer),
    placeOrder(input, buyer),
  ]);
  const again = await placeOrder(input, buyer);
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

test("a declined card is told clearly and releases its hold at once; a retry with a good card takes it again and pays", async () => {
  const p = await product({ stockQuantity: 3 });
  const input = order([{ productId: p.id!, quantity: 1, price: 1000 }], { card: DECLINED_CARD });
  const buyer = someone();
  const declined = await placeOrder(input, buyer);
  expect(declined).toMatchObject({ ok: false, code: "declined", message: DEMO_MESSAGES.declined });
  if (declined.ok || declined.code !== "declined") return;
  const [failed] = await db().select().from(orders).where(eq(orders.id, declined.orderId));
  expect(failed).toMatchObject({ status: "payment_failed", paymentError: DEMO_MESSAGES.declined });
  expect(failed?.stockReleasedAt).toBeInstanceOf(Date);
  expect(await stockOf(p.id!)).toBe(3);

  const unknown = await placeOrder(
    { ...input, card: { ...GOOD_CARD, number: "5555555555554444" } },
    buyer,
  );
  expect(unknown).toMatchObject({ ok: false, code: "declined", message: DEMO_MESSAGES.unknown });
  expect(await stockOf(p.id!)).toBe(3);

  const paid = await placeOrder({ ...input, card: GOOD_CARD }, buyer);
  expect(paid).toEqual({ ok: true, orderId: declined.orderId, status: "paid" });
  expect(await stockOf(p.id!)).toBe(2);
  const [row] = await db().select().from(orders).where(eq(orders.id, declined.orderId));
  expect(row).toMatchObject({ status: "paid", stockReleasedAt: null, paymentError: null });
});

test("ten anonymous orders with the decline card hold nothing", async () => {
  const p = await product({ stockQuantity: 2 });
  for (let i = 0; i < 10; i++) {
    const result = await placeOrder(
      order([{ productId: p.id!, quantity: 2, price: 1000 }], { card: DECLINED_CARD }),
      someone(),
    );
    expect(result).toMatchObject({ ok: false, code: "declined" });
  }
  expect(await stockOf(p.id!)).toBe(2);
  // Someone with a card that works still gets the last two.
  const real = await placeOrder(order([{ productId: p.id!, quantity: 2, price: 1000 }]), someone());
  expect(real).toMatchObject({ ok: true, status: "paid" });
  expect(await stockOf(p.id!)).toBe(0);
});

test("a retry after a decline, once someone else has bought the stock, says what changed", async () => {
  const p = await product({ stockQuantity: 2, name: "Popular thing" });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }], { card: DECLINED_CARD });
  const buyer = someone();
  const declined = await placeOrder(input, buyer);
  if (declined.ok || declined.code !== "declined") throw new Error("expected a decline");
  const other = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }]),
    someone(),
  );
  expect(other).toMatchObject({ ok: true, status: "paid" });

  const retry = await placeOrder({ ...input, card: GOOD_CARD }, buyer);
  expect(retry).toMatchObject({
    ok: false,
    code: "conflict",
    problems: [{ kind: "stock", productId: p.id, requested: 2, available: 1 }],
  });
  expect(await stockOf(p.id!)).toBe(1);
  const [row] = await db().select().from(orders).where(eq(orders.id, declined.orderId));
  expect(row?.status).toBe("payment_failed");
  expect(row?.stockReleasedAt).toBeInstanceOf(Date);
});

test("a product taken off sale is refused at checkout and nothing is reserved", async () => {
  const gone = await product({ stockQuantity: 5, active: false });
  const other = await product({ stockQuantity: 5 });
  const result = await placeOrder(
    order([
      { productId: gone.id!, quantity: 1, price: 1000 },
      { productId: other.id!, quantity: 1, price: 1000 },
    ]),
    someone(),
  );
  expect(result).toMatchObject({
    ok: false,
    code: "conflict",
    problems: [{ kind: "removed", productId: gone.id }],
  });
  expect(await stockOf(gone.id!)).toBe(5);
  expect(await stockOf(other.id!)).toBe(5);
  expect(await db().select().from(orderItems).where(eq(orderItems.productId, gone.id!))).toEqual(
    [],
  );
});

test("invalid details get field messages and reserve nothing", async () => {
  const p = await product({ stockQuantity: 3 });
  const result = await placeOrder(
    {
      ...order([{ productId: p.id!, quantity: 1, price: 1000 }]),
      email: "nope",
      address: { street: "", city: "", region: "Atlantis", postcode: "12345" },
      card: { number: "12", expiry: "13/99", cvc: "x" },
    },
    someone(),
  );
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

test("the courier's phone is kept on the order in +E.164 form; none is kept as none", async () => {
  const p = await product({ stockQuantity: 3 });
  const line = [{ productId: p.id!, quantity: 1, price: 1000 }];
  const withPhone = await placeOrder(order(line, { phone: "021 555 0142" }), someone());
  const without = await placeOrder(order(line, { phone: "" }), someone());
  const phoneOf = async (r: typeof withPhone) => {
    if (!r.ok) throw new Error(r.message);
    const [row] = await db().select().from(orders).where(eq(orders.id, r.orderId));
    return row?.phone;
  };
  expect(await phoneOf(withPhone)).toBe("+64215550142");
  expect(await phoneOf(without)).toBeNull();
  const bad = await placeOrder(order(line, { phone: "ring the bell" }), someone());
  expect(bad).toMatchObject({ ok: false, code: "invalid", fieldErrors: { phone: MESSAGES.phone } });
  expect(await stockOf(p.id!)).toBe(1);
});

test("a card that expired last month is refused; one that runs to the end of this month is not", async () => {
  const p = await product({ stockQuantity: 3 });
  const now = new Date();
  const mmyy = (d: Date) =>
    `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCFullYear() % 100).padStart(2, "0")}`;
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  const expired = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }], {
      card: { ...GOOD_CARD, expiry: mmyy(lastMonth) },
    }),
    someone(),
  );
  // Refused by the schema before anything is reserved, with the field's own message.
  expect(expired).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: { cardExpiry: MESSAGES.cardExpired },
  });
  expect(await stockOf(p.id!)).toBe(3);
  const thisMonth = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }], {
      card: { ...GOOD_CARD, expiry: mmyy(now) },
    }),
    someone(),
  );
  expect(thisMonth).toMatchObject({ ok: true, status: "paid" });
});

test("unpaid orders expire after 30 minutes; a declined one gave its stock back already, and only once", async () => {
  const p = await product({ stockQuantity: 2 });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }], { card: DECLINED_CARD });
  const buyer = someone();
  const placed = await placeOrder(input, buyer);
  if (placed.ok || placed.code !== "declined") throw new Error("expected a declined order");
  expect(await stockOf(p.id!)).toBe(2);
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
  const late = await placeOrder({ ...input, card: GOOD_CARD }, buyer);
  expect(late).toMatchObject({ ok: false, code: "expired" });
  expect(await stockOf(p.id!)).toBe(2);
});

test("the order's total is what the cart showed plus shipping, and its e-mail says the GST included", async () => {
  const kit = await product({ name: "Cedar grow box", price: 11900, stockQuantity: 3 });
  const gloves = await product({ name: "Garden gloves", price: 1899, stockQuantity: 5 });
  // What the cart panel shows: its subtotal and, as its total, the same figure.
  const cart = [
    { product: { ...kit, id: kit.id!, images: [], category: "Kits" }, quantity: 1 },
    { product: { ...gloves, id: gloves.id!, images: [], category: "Tools" }, quantity: 1 },
  ] as CartItem[];
  const cartShowed = cartSubtotal(cart);
  expect(cartShowed).toBe(11900 + 1899);
  // Under the free-shipping threshold, as the cart panel's note says, so standard is charged.
  expect(toFreeShipping(cartShowed)).toBeGreaterThan(0);
  const shipping = SHIPPING_METHODS.standard.price;
  const placed = await placeOrder(
    order(
      cart.map((i) => ({ productId: i.product.id, quantity: i.quantity, price: i.product.price })),
    ),
    someone(),
  );
  if (!placed.ok) throw new Error("expected a paid order");
  const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
  expect(row!.subtotal).toBe(cartShowed);
  expect(row!.shipping).toBe(shipping);
  expect(row!.total).toBe(cartShowed + shipping);
  expect(row!.gst).toBe(gstIncluded(cartShowed + shipping));
  expect(await sendOrderConfirmation({ orderId: placed.orderId })).toBe("sent");
  const mail = await mailAbout(placed.orderId);
  expect(mail.text).toContain(`Total ${formatMoney(cartShowed + shipping)}`);
  expect(mail.text).toContain(
    `Includes GST of ${formatMoney(gstIncluded(cartShowed + shipping))}.`,
  );
});

test("a paid order is never expired", async () => {
  const p = await product({ stockQuantity: 2 });
  const placed = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }]),
    someone(),
  );
  if (!placed.ok) throw new Error("expected a paid order");
  expect(await expireOrder(placed.orderId, new Date(Date.now() + 60 * 60_000))).toBe("settled");
  expect(await stockOf(p.id!)).toBe(1);
});

test("the confirmation e-mail is queued on payment and sent once", async () => {
  const p = await product({ name: "Hand trowel", price: 2490 });
  const placed = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 2490 }]),
    someone(),
  );
  if (!placed.ok) throw new Error("expected a paid order");
  const jobs = await queue().findJobs(sendOrderConfirmationJob.name, {
    data: { orderId: placed.orderId },
  });
  expect(jobs).toHaveLength(1);
  expect(await sendOrderConfirmation({ orderId: placed.orderId })).toBe("sent");
  expect(await sendOrderConfirmation({ orderId: placed.orderId })).toBe("already-sent");
  const [mail] = await env.smtp.waitFor(1);
  expect(mail?.to).toBe("aroha@example.nz");
  expect(mail?.subject).toMatch(/^Your Patch order #\d+ is confirmed$/);
  expect(mail?.text).toContain("1 × Hand trowel: US$24.90");
  // US$24.90 + US$9.00 standard shipping = US$33.90, which includes 33.90 × 3/23 = US$4.42 GST.
  expect(mail?.text).toContain("Total US$33.90");
  expect(mail?.text).toContain("Includes GST of US$4.42.");
  expect(mail?.text).not.toMatch(/(^|[^S])\$\d/); // no bare "$" price anywhere
  expect(mail?.html).toContain("Includes GST of US$4.42.");
  expect(mail?.text).toContain(`https://patch.test/post-checkout?order=${placed.orderId}`);
  // The queued confirmation job runs too, and finds the e-mail already sent. (The queue also
  // sends the other tests' orders' e-mails: only this order's count here.)
  await drainQueue([sendOrderConfirmationJob]);
  expect(env.smtp.messages.filter((m) => m.text.includes(placed.orderId))).toHaveLength(1);
  const [note] = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.idempotencyKey, `order-confirmation:${placed.orderId}`));
  expect(note?.status).toBe("sent");
});

test("after a decline, a changed cart under the same key replaces the unpaid order", async () => {
  const p = await product({ stockQuantity: 3 });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }], { card: DECLINED_CARD });
  const buyer = someone();
  const declined = await placeOrder(input, buyer);
  if (declined.ok || declined.code !== "declined") throw new Error("expected a decline");
  expect(await stockOf(p.id!)).toBe(3);
  // The person now wants all three.
  const changed = await placeOrder(
    { ...input, items: [{ productId: p.id!, quantity: 3, price: 1000 }], card: GOOD_CARD },
    buyer,
  );
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

test("changed submits under one key at once (each replacing the last) always get an answer and leave the stock whole", async () => {
  // A person pressing Place Order again and again while changing the address: each submit may
  // find the last one's order, replace it, charge it or take its stock back, all at the same time.
  const p = await product({ stockQuantity: 50 });
  const key = randomUUID();
  for (let round = 0; round < 6; round++) {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        placeOrder(
          order([{ productId: p.id!, quantity: 1 + (i % 2), price: 1000 }], {
            idempotencyKey: key,
            email: `kea.${round}.${i}@example.nz`,
            card: DECLINED_CARD,
            address: { ...order([]).address, rural: i % 2 === 0 },
          }),
          someone(),
        ),
      ),
    );
    for (const r of results) expect(r.ok ? r.status : r.code).toMatch(/^(declined|conflict)$/);
  }
  expect(await stockOf(p.id!)).toBe(50);
  const live = await db().select().from(orders).where(eq(orders.idempotencyKey, key));
  expect(live).toHaveLength(1);
});

test("a retry whose declined order is replaced while it waits doesn't take stock for the replaced order", async ({
  skip,
}) => {
  // Only PostgreSQL has a second connection to interleave with; PGlite runs one statement at a time.
  skip(!settings().databaseUrl.startsWith("postgres"), "needs two connections");
  const p = await product({ stockQuantity: 10 });
  const input = order([{ productId: p.id!, quantity: 2, price: 1000 }], { card: DECLINED_CARD });
  const declined = await placeOrder(input, someone());
  if (declined.ok || declined.code !== "declined") throw new Error("expected a decline");
  expect(await stockOf(p.id!)).toBe(10);
  // A changed submit holds the key and is replacing the declined order while the same submit is
  // retried: the retry has read the order and waits for the key.
  let retry: Promise<Awaited<ReturnType<typeof placeOrder>>> | undefined;
  await db().transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-key:${input.idempotencyKey}`}, 0))`,
    );
    retry = placeOrder(input, someone());
    await expect
      .poll(async () => {
        const waiting = (await db().execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        )) as unknown as { rows: { n: number }[] };
        return waiting.rows[0]?.n;
      })
      .toBe(1);
    await tx
      .update(orders)
      .set({ status: "cancelled", idempotencyKey: `${input.idempotencyKey}:superseded:x` })
      .where(eq(orders.id, declined.orderId));
  });
  // The retry finds nothing under the key any more, so it places (and is declined) afresh.
  expect(await retry).toMatchObject({ ok: false, code: "declined" });
  expect(await stockOf(p.id!)).toBe(10);
  const [old] = await db().select().from(orders).where(eq(orders.id, declined.orderId));
  expect(old).toMatchObject({ status: "cancelled" });
  expect(old?.stockReleasedAt).toBeInstanceOf(Date);
});

test("checkout allows 10 orders a minute from one address; the 11th gets a wait, others don't", async () => {
  const p = await product({ stockQuantity: 50 });
  const buyer = { ip: "203.0.113.7" };
  // The start of a minute, so the ten land in one window whatever the clock says.
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  const limit = 10;
  for (let i = 0; i < limit; i++) {
    const result = await placeOrder(
      order([{ productId: p.id!, quantity: 1, price: 1000 }]),
      buyer,
      new Date(start.getTime() + i * 1000),
    );
    expect(result, `order ${i + 1}`).toMatchObject({ ok: true, status: "paid" });
  }
  const eleventh = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }]),
    buyer,
    new Date(start.getTime() + 20_000),
  );
  expect(eleventh).toEqual({
    ok: false,
    code: "limited",
    message:
      "You've started a lot of checkouts in a short time. Nothing has been charged: please try again in 40 seconds.",
    retryAfter: 40,
  });
  expect(await stockOf(p.id!)).toBe(40);
  // The same /64 is the same household; another address is someone else.
  const neighbour = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }]),
    { ip: "203.0.113.8" },
    new Date(start.getTime() + 20_000),
  );
  expect(neighbour).toMatchObject({ ok: true });
  // The next minute, the first address may order again.
  const nextMinute = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }]),
    buyer,
    new Date(start.getTime() + 60_000),
  );
  expect(nextMinute).toMatchObject({ ok: true });
});

test("checkout allows 30 orders an hour from one address; the 31st waits for the hour", async () => {
  const p = await product({ stockQuantity: 50 });
  const buyer = { ip: "2001:db8:7:1::5" };
  const hour = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
  const limit = 30;
  // Three minutes of ten: never too fast for the minute's limit.
  for (let i = 0; i < limit; i++) {
    const at = new Date(hour.getTime() + Math.floor(i / 10) * 60_000 + (i % 10) * 1000);
    const result = await placeOrder(
      order([{ productId: p.id!, quantity: 1, price: 1000 }]),
      // Another machine in the same /64.
      i % 2 ? buyer : { ip: "2001:db8:7:1::9" },
      at,
    );
    expect(result, `order ${i + 1}`).toMatchObject({ ok: true, status: "paid" });
  }
  const thirtyFirst = await placeOrder(
    order([{ productId: p.id!, quantity: 1, price: 1000 }]),
    buyer,
    new Date(hour.getTime() + 10 * 60_000),
  );
  expect(thirtyFirst).toEqual({
    ok: false,
    code: "limited",
    message:
      "You've started a lot of checkouts in a short time. Nothing has been charged: please try again in 50 minutes.",
    retryAfter: 50 * 60,
  });
  expect(await stockOf(p.id!)).toBe(20);
});
