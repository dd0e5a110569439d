// Unpaid orders give their stock back after the hold (30 minutes). The job is scheduled with
// startAfter when the order is placed; it is idempotent because the status change is guarded by
// the status and the stock goes back through releaseStockHold, once in the order's life (a
// declined order gave it back already).
import { and, eq, inArray, lte } from "drizzle-orm";
import { z } from "zod";
import { orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { defineJob } from "#app/lib/queue.server.ts";
import { retrieveStripePayment } from "#app/modules/payments/stripe.server.ts";
import {
  flagPaidAfterExpiry,
  markOrderPaid,
  NeedsAttentionError,
} from "./mark-order-paid.server.ts";
import { releaseStockHold } from "./release-stock-hold.server.ts";

export type ExpireResult = "expired" | "not-due" | "settled" | "paid";

export async function expireOrder(orderId: string, now = new Date()): Promise<ExpireResult> {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!order || !["pending_payment", "payment_failed"].includes(order.status)) return "settled";
  if (order.expiresAt > now) return "not-due";
  // With Stripe, a payment may have succeeded just before the hold ran out: honour it, and cancel
  // an unfinished PaymentIntent so it can't be paid after we release the stock.
  if (order.paymentProvider === "stripe" && order.paymentReference) {
    const reference = order.paymentReference;
    const state = await retrieveStripePayment(reference, { cancelIfOpen: true });
    if (state === "succeeded") {
      try {
        const result = await db().transaction((tx) => markOrderPaid({ tx, orderId, reference }));
        if (result === "paid" || result === "already-paid") return "paid";
      } catch (error) {
        // Paid after a decline gave the stock back, and it has gone since: a person decides.
        if (!(error instanceof NeedsAttentionError)) throw error;
        await db().transaction((tx) => flagPaidAfterExpiry({ tx, orderId, reference }));
      }
    }
  }
  return db().transaction(async (tx) => {
    const [expired] = await tx
      .update(orders)
      .set({ status: "expired", updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.status, ["pending_payment", "payment_failed"]),
          lte(orders.expiresAt, now),
        ),
      )
      .returning({ id: orders.id });
    if (!expired) return "settled";
    await releaseStockHold(tx, orderId, now);
    return "expired";
  });
}

export const expireOrderJob = defineJob({
  name: "orders.expire-unpaid",
  payload: z.object({ orderId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 30,
  handle: async ({ orderId }) => {
    const result = await expireOrder(orderId);
    // Run a little early (clock skew between processes): fail so the queue tries again shortly.
    if (result === "not-due") throw new Error(`order ${orderId} is not due to expire yet`);
  },
});
