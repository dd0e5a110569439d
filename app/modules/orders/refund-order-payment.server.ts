// Gives a cancelled or refunded order's money back through its provider, or one admin refund's
// amount (`order_refunds`, ADR 078). Queued in the same transaction as the status change or the
// refund's row; Stripe's idempotency key (the order's, or the refund's) makes a rerun the same refund.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { orderRefunds } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import {
  providerRefunds,
  refundStripePayment,
  REFUND_JOB_RETRIES,
} from "#app/modules/payments/stripe.server.ts";
import { defineJob } from "#app/lib/queue.server.ts";
import { getOrder } from "./get-order.server.ts";

export async function refundOrderPayment(
  orderId: string,
  refundId?: string,
): Promise<"refunded" | "skipped"> {
  const order = await getOrder(orderId);
  if (!order?.paidAt || !order.paymentReference) return "skipped";
  // The demo provider took no money, so there is nothing to give back.
  if (!providerRefunds(order.paymentProvider)) return "skipped";
  // A box the member's credit paid in full has a `credit:` reference: no card payment to refund
  // (its credit goes back to the ledger with the refund's history row, ADR 059).
  if (order.paymentReference.startsWith("credit:")) return "skipped";
  if (refundId) {
    const [refund] = await db().select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
    if (!refund || refund.orderId !== order.id) return "skipped";
    await refundStripePayment(
      order.paymentReference,
      order.id,
      `order-${order.id}-refund-${refund.id}`,
      refund.amount,
    );
    return "refunded";
  }
  // Cancelled after part refunds: what is left; otherwise the whole payment, as before.
  if (order.refunded > 0) {
    const left = order.total - order.refunded;
    if (left <= 0) return "skipped";
    await refundStripePayment(order.paymentReference, order.id, undefined, left);
    return "refunded";
  }
  await refundStripePayment(order.paymentReference, order.id);
  return "refunded";
}

export const refundOrderPaymentJob = defineJob({
  name: "orders.refund-payment",
  payload: z.object({ orderId: z.uuid(), refundId: z.uuid().optional() }),
  ...REFUND_JOB_RETRIES,
  handle: async ({ orderId, refundId }) => {
    await refundOrderPayment(orderId, refundId);
  },
});
