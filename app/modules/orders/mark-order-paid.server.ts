// Settling a payment, shared by the demo provider and Stripe's webhook. Transitions are guarded by
// the current status, so a replayed or late event can't move an order backwards: a paid order stays
// paid whatever arrives after, and a failure after success is ignored. A failure gives the order's
// stock back at once (ADR 021); a success for an order whose stock went back takes it again.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { orders } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { log } from "#app/lib/log.server.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { releaseStockHold } from "./release-stock-hold.server.ts";
import { retakeStockHold, StockGoneError } from "./retake-stock-hold.server.ts";
import { sendOrderConfirmationJob } from "./send-order-confirmation.server.ts";

const UNPAID = ["pending_payment", "payment_failed"] as const;

/** What every change to an order's payment is given: the transaction, the order and the time. */
interface PaymentChange {
  tx: Database;
  orderId: string;
  now?: Date;
}

export type PaidResult = "paid" | "already-paid" | "needs-attention" | "not-payable";

export async function markOrderPaid({
  tx,
  orderId,
  reference,
  now = new Date(),
}: PaymentChange & { reference: string }): Promise<PaidResult> {
  const paidNow = {
    status: "paid" as const,
    paidAt: now,
    paymentReference: reference,
    paymentError: null,
    updatedAt: now,
  };
  // The usual case: an unpaid order still holding its stock.
  const [paid] = await tx
    .update(orders)
    .set(paidNow)
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, [...UNPAID]),
        isNull(orders.stockReleasedAt),
      ),
    )
    .returning({ id: orders.id });
  if (paid) {
    await enqueue(tx, sendOrderConfirmationJob, { orderId });
    return "paid";
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return "not-payable";
  // Orders whose stock went back: declined (a retry inside Stripe's form can still succeed),
  // expired, or superseded by a changed cart. A late payment for any of them is handled alike.
  const released =
    (UNPAID as readonly string[]).includes(order.status) ||
    order.status === "expired" ||
    (order.status === "cancelled" && order.idempotencyKey.includes(":superseded:"));
  if (!released) return order.status === "paid" ? "already-paid" : "not-payable";

  // Paid at the card after the hold was let go (a slow bank, a late webhook): take the stock again
  // if it is still there, otherwise keep the money on record and flag the order for a person.
  try {
    await retakeStockHold(tx, orderId, { now, onSaleOnly: false });
  } catch (error) {
    // Throwing rolls back the lines taken so far with the caller's transaction; the caller then
    // flags the order in a fresh one (flagPaidAfterExpiry).
    if (error instanceof StockGoneError) throw new NeedsAttentionError(orderId);
    throw error;
  }
  await tx.update(orders).set(paidNow).where(eq(orders.id, orderId));
  await enqueue(tx, sendOrderConfirmationJob, { orderId });
  return "paid";
}

export class NeedsAttentionError extends Error {
  override name = "NeedsAttentionError";
  readonly orderId: string;
  constructor(orderId: string) {
    super(`Order ${orderId} was paid after its hold was released and its stock is gone`);
    this.orderId = orderId;
  }
}

/** Records a paid-but-unfillable order for the admin (refund or restock); no stock is touched. */
export async function flagPaidAfterExpiry({
  tx,
  orderId,
  reference,
}: Omit<PaymentChange, "now"> & { reference: string }) {
  log.error(
    { orderId },
    "order paid after its hold was released, no stock left: refund or restock",
  );
  await tx
    .update(orders)
    .set({
      paymentReference: reference,
      paymentError: "Paid after the hold was released and the stock had gone: refund or restock.",
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
}

/**
 * A declined or failed attempt. The order gives its stock back at once, so a decline card can't
 * hold the shop's stock for the length of the hold; the buyer's retry takes it again.
 */
export async function markPaymentFailed({
  tx,
  orderId,
  message,
  now = new Date(),
}: PaymentChange & { message: string }): Promise<boolean> {
  const [row] = await tx
    .update(orders)
    .set({ status: "payment_failed", paymentError: message, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...UNPAID])))
    .returning({ id: orders.id });
  if (!row) return false;
  await releaseStockHold(tx, orderId, now);
  return true;
}
