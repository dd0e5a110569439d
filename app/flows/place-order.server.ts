// Placing an order (issue 6 "Checkout"). In one transaction: every line's stock is taken with a
// conditional UPDATE (stock_quantity >= n), prices are read from the database, the order and its
// lines are written and the expiry job is queued. Two people can never buy the last unit; a
// retried submit with the same idempotency key finds the same order and never charges twice.
// The checkout's limits (ADR 021) come first: checkouts per address, unpaid holds per buyer.
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { orderItems, orders, products, type OrderStatus } from "#db/schema/index.ts";
import { db, isDatabaseUnavailable, type Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { expireOrderJob } from "#app/modules/orders/expire-order.server.ts";
import { markOrderPaid, markPaymentFailed } from "#app/modules/orders/mark-order-paid.server.ts";
import { releaseStockHold } from "#app/modules/orders/release-stock-hold.server.ts";
import { retakeStockHold, StockGoneError } from "#app/modules/orders/retake-stock-hold.server.ts";
import {
  demoCardSchema,
  checkoutFieldErrors,
  MESSAGES,
  placeOrderSchema,
  storedAddress,
  type CheckoutField,
  type PlaceOrderInput,
} from "#app/modules/checkout/checkout.schema.ts";
import {
  checkOpenHolds,
  clientKeyHash,
  limitCheckoutRate,
  type LimitOutcome,
} from "#app/modules/checkout/checkout-limits.server.ts";
import { chargeDemoCard } from "#app/modules/payments/demo-payments.server.ts";
import { computeTotals, ORDER_HOLD_MINUTES } from "#app/modules/checkout/pricing.ts";
import {
  createPaymentIntent,
  paymentIntentSecret,
  retrieveStripePayment,
} from "#app/modules/payments/stripe.server.ts";

/** What changed in the catalogue since the person filled the cart. */
export type CartProblem =
  | { kind: "price"; productId: string; name: string; from: number; to: number }
  | { kind: "stock"; productId: string; name: string; requested: number; available: number }
  | { kind: "removed"; productId: string };

/**
 * What placing an order answers: paid, or a Stripe payment for the browser to confirm. Refused:
 * "invalid" (the first problem per field), "conflict" (the cart changed: `problems` says how),
 * "declined" (the card, with the order kept for a retry), "expired", "limited", "unavailable".
 */
type Placed =
  | { orderId: string; status: "paid" }
  | { orderId: string; status: "requires_payment"; clientSecret: string };

type Placing = Outcome<
  Placed,
  | { code: "invalid"; fieldErrors: Partial<Record<CheckoutField, string>> }
  | { code: "conflict"; problems: CartProblem[] }
  | { code: "declined"; orderId: string }
  | { code: "expired" | "limited" | "unavailable" }
>;

/** Who is placing the order, for the checkout's limits: the client's address. */
export interface Buyer {
  ip: string;
}

export const PLACE_MESSAGES = {
  cartChanged:
    "Some things in your cart changed before we could reserve them. Please review the changes.",
  expired:
    "This checkout timed out and its items were released. Please check your cart and place the order again.",
  unavailable: "We couldn't place your order just now. Nothing has been charged: please try again.",
  noPayments: "Card payments aren't available right now. Nothing has been charged.",
} as const;

class CartChanged extends Error {
  readonly problems: CartProblem[];
  constructor(problems: CartProblem[]) {
    super("cart changed");
    this.problems = problems;
  }
}

/** Thrown inside a transaction to roll it back when the buyer already holds enough. */
class HoldsRefused extends Error {
  readonly outcome: Extract<LimitOutcome, { allowed: false }>;
  constructor(outcome: Extract<LimitOutcome, { allowed: false }>) {
    super("too many open holds");
    this.outcome = outcome;
  }
}

/** The order found under a key was superseded by a concurrent, changed submit. */
class KeyMoved extends Error {
  constructor() {
    super("the order under this checkout key was replaced");
  }
}

const limited = (o: { message: string; retryAfter: number }): Placing =>
  failure("limited", o.message, { retryAfter: o.retryAfter });

export async function placeOrder(raw: unknown, buyer: Buyer, now = new Date()): Promise<Placing> {
  // Every step is safe to run again (the idempotency key finds what an earlier run did), so a
  // transaction PostgreSQL chose to abort (a deadlock with an expiry or a webhook), or a lost
  // race for the key, is retried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeOnce(raw, buyer, now);
    } catch (error) {
      // Also a key race no single step can settle: this submit lost the insert to a twin whose
      // order a third, changed submit has already moved aside, so there is nothing to read back.
      // Or the order this submit found was moved aside by a changed twin before it could be held
      // again: the key now names the twin's order, which the next try finds.
      const retry = abortedByDatabase(error) || uniqueViolation(error) || error instanceof KeyMoved;
      if (attempt >= 5 || !retry) throw error;
      log.warn({ err: error, attempt }, "checkout: transaction aborted, trying again");
    }
  }
}

async function placeOnce(raw: unknown, buyer: Buyer, now: Date): Promise<Placing> {
  const parsed = placeOrderSchema.safeParse(raw);
  const provider = settings().stripe ? "stripe" : settings().isProduction ? null : "demo";
  const card =
    provider === "demo"
      ? demoCardSchema.safeParse((raw as { card?: unknown } | null)?.card ?? {})
      : undefined;
  if (!parsed.success || (card && !card.success)) {
    return failure("invalid", MESSAGES.failed, {
      fieldErrors: {
        ...(parsed.success ? {} : checkoutFieldErrors(parsed.error)),
        ...(card && !card.success ? prefixCard(checkoutFieldErrors(card.error)) : {}),
      },
    });
  }
  if (!provider) return failure("unavailable", PLACE_MESSAGES.noPayments);
  const input = parsed.data;

  try {
    const rate = await limitCheckoutRate(buyer.ip, now);
    if (!rate.allowed) return limited(rate);
    const holder = { clientKeyHash: clientKeyHash(buyer.ip), email: input.email };

    let order = await findByKey(input.idempotencyKey);
    // After a decline the person may change their cart or address and submit again: that is a new
    // order, so the unpaid one under this key steps aside and gives its stock back first.
    if (order && UNPAID.includes(order.status) && order.expiresAt > now) {
      // A Stripe payment already under way for the old order wins; otherwise its intent is
      // cancelled so it can't be paid after the order steps aside.
      const payment =
        order.paymentProvider === "stripe" && order.paymentReference
          ? await retrieveStripePayment(order.paymentReference, { cancelIfOpen: false })
          : "none";
      if (payment !== "succeeded" && payment !== "processing" && !(await sameOrder(order, input))) {
        if (payment === "open" && order.paymentReference)
          await retrieveStripePayment(order.paymentReference, { cancelIfOpen: true });
        await supersede(order.id, input.idempotencyKey, now);
        order = undefined;
      }
    }
    if (!order) {
      try {
        order = await reserveAndCreate(input, provider, holder, now);
      } catch (error) {
        if (error instanceof CartChanged)
          return failure("conflict", PLACE_MESSAGES.cartChanged, { problems: error.problems });
        if (error instanceof HoldsRefused) return limited(error.outcome);
        // The same submit twice at once: the loser of the unique key race reads the winner's order.
        if (uniqueViolation(error)) order = await findByKey(input.idempotencyKey);
        if (!order) throw error;
      }
    }
    if (order.status === "paid" || order.paidAt)
      return { ok: true, orderId: order.id, status: "paid" };
    // Expired, or cancelled by us: its items went back and this checkout can't be paid now.
    if (!UNPAID.includes(order.status) || order.expiresAt <= now)
      return failure("expired", PLACE_MESSAGES.expired);
    // A decline let the order's stock go: the buyer's retry takes it again before paying.
    if (order.stockReleasedAt) {
      const refused = await holdAgain(order.id, input.idempotencyKey, holder, now);
      if (refused) return refused;
    }

    if (order.paymentProvider === "stripe") {
      if (order.paymentReference) {
        const secret = await paymentIntentSecret(order.paymentReference);
        if (secret)
          return { ok: true, orderId: order.id, status: "requires_payment", clientSecret: secret };
      }
      const intent = await createPaymentIntent(order);
      await db()
        .update(orders)
        .set({ paymentReference: intent.id, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      return {
        ok: true,
        orderId: order.id,
        status: "requires_payment",
        clientSecret: intent.clientSecret,
      };
    }

    const charge = chargeDemoCard(card!.data!, order.id, now);
    const orderId = order.id;
    if (!charge.ok) {
      await db().transaction(async (tx) => {
        await lockCheckoutKey(tx, input.idempotencyKey);
        await markPaymentFailed({ tx, orderId, message: charge.message });
      });
      return failure("declined", charge.message, { orderId });
    }
    const paid = await db().transaction(async (tx) => {
      await lockCheckoutKey(tx, input.idempotencyKey);
      return markOrderPaid({ tx, orderId, reference: charge.reference });
    });
    if (paid === "paid" || paid === "already-paid") return { ok: true, orderId, status: "paid" };
    return failure("expired", PLACE_MESSAGES.expired);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, "checkout: database unavailable");
      return failure("unavailable", PLACE_MESSAGES.unavailable);
    }
    throw error;
  }
}

function prefixCard(errors: Partial<Record<CheckoutField, string>>) {
  const map: Record<string, CheckoutField> = {
    number: "cardNumber",
    expiry: "cardExpiry",
    cvc: "cardCvc",
  };
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [map[k] ?? k, v])) as Partial<
    Record<CheckoutField, string>
  >;
}

const UNPAID: OrderStatus[] = ["pending_payment", "payment_failed"];

/** Takes a declined order's stock again for its buyer's retry; the answer if that can't be. */
async function holdAgain(
  orderId: string,
  key: string,
  holder: { clientKeyHash: string; email: string },
  now: Date,
): Promise<Placing | null> {
  try {
    await db().transaction(async (tx) => {
      await lockCheckoutKey(tx, key);
      // A changed submit may have cancelled this order since it was read: taking its stock again
      // then would hold units for an order nobody can pay, for good.
      const [still] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.idempotencyKey, key),
            inArray(orders.status, UNPAID),
          ),
        );
      if (!still) throw new KeyMoved();
      const holds = await checkOpenHolds(tx, holder, now);
      if (!holds.allowed) throw new HoldsRefused(holds);
      await retakeStockHold(tx, orderId, { now, onSaleOnly: true });
    });
    return null;
  } catch (error) {
    if (error instanceof HoldsRefused) return limited(error.outcome);
    if (!(error instanceof StockGoneError)) throw error;
    return failure("conflict", PLACE_MESSAGES.cartChanged, {
      problems: error.shortages.map((s): CartProblem =>
        s.removed
          ? { kind: "removed", productId: s.productId }
          : {
              kind: "stock",
              productId: s.productId,
              name: s.name,
              requested: s.requested,
              available: s.available,
            },
      ),
    });
  }
}

/** Does this submit describe the order already placed under its key? */
async function sameOrder(
  order: typeof orders.$inferSelect,
  input: PlaceOrderInput,
): Promise<boolean> {
  const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const wanted = new Map<string, number>();
  for (const i of input.items) wanted.set(i.productId, (wanted.get(i.productId) ?? 0) + i.quantity);
  const a = order.address;
  const b = input.address;
  return (
    lines.length === wanted.size &&
    lines.every((l) => wanted.get(l.productId) === l.quantity) &&
    order.shippingMethod === input.shippingMethod &&
    order.name === input.name &&
    order.email === input.email &&
    (order.phone ?? undefined) === input.phone &&
    a.street === b.street &&
    (a.suburb ?? "") === b.suburb &&
    a.city === b.city &&
    a.state === b.region &&
    a.zip === b.postcode &&
    a.rural === b.rural
  );
}

/** Cancels an unpaid order and returns its stock, freeing its idempotency key for the new one. */
async function supersede(orderId: string, key: string, now: Date): Promise<void> {
  await db().transaction(async (tx) => {
    await lockCheckoutKey(tx, key);
    const [cancelled] = await tx
      .update(orders)
      .set({
        status: "cancelled",
        idempotencyKey: `${key}:superseded:${orderId}`,
        updatedAt: now,
      })
      .where(
        and(eq(orders.id, orderId), inArray(orders.status, ["pending_payment", "payment_failed"])),
      )
      .returning({ id: orders.id });
    // A declined order gave its stock back already; one still holding gives it back now.
    if (cancelled) await releaseStockHold(tx, orderId, now);
  });
}

async function findByKey(key: string) {
  const [row] = await db().select().from(orders).where(eq(orders.idempotencyKey, key));
  return row;
}

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

function uniqueViolation(error: unknown): boolean {
  return sqlState(error) === "23505";
}

/** A deadlock or serialization failure: PostgreSQL rolled the transaction back, to be run again. */
function abortedByDatabase(error: unknown): boolean {
  const code = sqlState(error);
  return code === "40P01" || code === "40001";
}

/**
 * The first lock of every checkout transaction: one submit's steps under a key (replace the last
 * order, reserve, take stock back, record the charge) run one at a time. Without it, a submit
 * holding a product row while inserting the key could wait on one replacing the key's old order,
 * which waits on the product: a deadlock.
 */
async function lockCheckoutKey(tx: Database, key: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-key:${key}`}, 0))`,
  );
}

async function reserveAndCreate(
  input: PlaceOrderInput,
  provider: "stripe" | "demo",
  holder: { clientKeyHash: string; email: string },
  now: Date,
) {
  // One line per product; locked in id order so concurrent orders can't deadlock.
  const merged = new Map<string, { quantity: number; price: number }>();
  for (const i of input.items) {
    const prev = merged.get(i.productId);
    merged.set(i.productId, { quantity: (prev?.quantity ?? 0) + i.quantity, price: i.price });
  }
  const wanted = [...merged.entries()].sort(([a], [b]) => a.localeCompare(b));

  return db().transaction(async (tx) => {
    await lockCheckoutKey(tx, input.idempotencyKey);
    const holds = await checkOpenHolds(tx, holder, now);
    if (!holds.allowed) throw new HoldsRefused(holds);
    const problems: CartProblem[] = [];
    const lines = [];
    for (const [productId, { quantity, price }] of wanted) {
      const [taken] = await tx
        .update(products)
        .set({
          stockQuantity: sql`${products.stockQuantity} - ${quantity}`,
          updatedAt: now,
        })
        .where(
          and(
            eq(products.id, productId),
            eq(products.active, true),
            gte(products.stockQuantity, quantity),
          ),
        )
        .returning({ id: products.id, name: products.name, price: products.price });
      if (!taken) {
        const [p] = await tx.select().from(products).where(eq(products.id, productId));
        problems.push(
          p && p.active
            ? {
                kind: "stock",
                productId,
                name: p.name,
                requested: quantity,
                available: p.stockQuantity,
              }
            : { kind: "removed", productId },
        );
        continue;
      }
      if (taken.price !== price)
        problems.push({ kind: "price", productId, name: taken.name, from: price, to: taken.price });
      lines.push({ productId, name: taken.name, unitPrice: taken.price, quantity });
    }
    // Throwing rolls back every line reserved so far.
    if (problems.length > 0) throw new CartChanged(problems);

    const totals = computeTotals(lines, input.shippingMethod, input.address.rural);
    const [order] = await tx
      .insert(orders)
      .values({
        idempotencyKey: input.idempotencyKey,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        address: storedAddress(input.address),
        shippingMethod: input.shippingMethod,
        currency: settings().currency,
        subtotal: totals.subtotal,
        shipping: totals.shipping,
        gst: totals.gst,
        total: totals.total,
        paymentProvider: provider,
        clientKeyHash: holder.clientKeyHash,
        expiresAt: new Date(now.getTime() + ORDER_HOLD_MINUTES * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error("order insert returned nothing");
    await tx.insert(orderItems).values(totals.lines.map((l) => ({ ...l, orderId: order.id })));
    await enqueue(
      tx,
      expireOrderJob,
      { orderId: order.id },
      // A few seconds after the hold ends, so the job never finds the order not yet due.
      { startAfter: ORDER_HOLD_MINUTES * 60 + 5, singletonKey: `expire:${order.id}` },
    );
    return order;
  });
}
