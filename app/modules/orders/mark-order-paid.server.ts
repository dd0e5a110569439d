// Settling a payment, shared by the demo provider and Stripe's webhook. Transitions are guarded by
// the current status, so a replayed or late event can't move an order backwards: a paid order stays
// paid whatever arrives after, and a failure after success is ignored.
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { orderItems, orders, products } from "../../../db/schema/index.ts";
import type { Database } from "../../lib/db.server.ts";
import { log } from "../../lib/log.server.ts";
import { enqueue } from "../../lib/queue.server.ts";
import { sendOrderConfirmationJob } from "./send-order-confirmation.server.ts";

const UNPAID = ["pending_payment", "payment_failed"] as const;

export type PaidResult = "paid" | "already-paid" | "needs-attention" | "not-payable";

export async function markOrderPaid(
  tx: Database,
  orderId: string,
  reference: string,
  now = new Date(),
): Promise<PaidResult> {
  const [paid] = await tx
    .update(orders)
    .set({
      status: "paid",
      paidAt: now,
      paymentReference: reference,
      paymentError: null,
      updatedAt: now,
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...UNPAID])))
    .returning({ id: orders.id });
  if (paid) {
    await enqueue(tx, sendOrderConfirmationJob, { orderId });
    return "paid";
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return "not-payable";
  // A superseded order (the person changed their cart after a decline) released its stock like an
  // expired one; a late payment for either is handled the same way.
  const released =
    order.status === "expired" ||
    (order.status === "cancelled" && order.idempotencyKey.includes(":superseded:"));
  if (!released) return order.status === "paid" ? "already-paid" : "not-payable";

  // Paid at the card after the hold expired (a slow bank, a late webhook): take the stock again if
  // it is still there, otherwise keep the money on record and flag the order for a person.
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  let reserved = true;
  for (const line of lines.sort((a, b) => a.productId.localeCompare(b.productId))) {
    const [ok] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), gte(products.stockQuantity, line.quantity)))
      .returning({ id: products.id });
    if (!ok) {
      reserved = false;
      break;
    }
  }
  if (!reserved) {
    // Throwing rolls back the lines taken so far with the caller's transaction; the caller then
    // flags the order in a fresh one (flagPaidAfterExpiry).
    throw new NeedsAttentionError(orderId);
  }
  await tx
    .update(orders)
    .set({
      status: "paid",
      paidAt: now,
      paymentReference: reference,
      paymentError: null,
      stockReleasedAt: null,
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
  await enqueue(tx, sendOrderConfirmationJob, { orderId });
  return "paid";
}

export class NeedsAttentionError extends Error {
  override name = "NeedsAttentionError";
  readonly orderId: string;
  constructor(orderId: string) {
    super(`Order ${orderId} was paid after it expired and its stock is gone`);
    this.orderId = orderId;
  }
}

/** Records a paid-but-unfillable order for the admin (refund or restock); no stock is touched. */
export async function flagPaidAfterExpiry(tx: Database, orderId: string, reference: string) {
  log.error({ orderId }, "order paid after expiry with no stock left: refund or restock");
  await tx
    .update(orders)
    .set({
      paymentReference: reference,
      paymentError: "Paid after the hold expired and the stock had gone: refund or restock.",
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
}

/** A declined or failed attempt: the order keeps its stock until it expires, so they can retry. */
export async function markPaymentFailed(
  tx: Database,
  orderId: string,
  message: string,
): Promise<boolean> {
  const [row] = await tx
    .update(orders)
    .set({ status: "payment_failed", paymentError: message, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...UNPAID])))
    .returning({ id: orders.id });
  return Boolean(row);
}
