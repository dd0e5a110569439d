// Gives a cancelled or refunded order's money back through its provider. Queued in the same
// transaction as the status change; Stripe's idempotency key makes a rerun the same refund.
import { z } from "zod";
import {
  providerRefunds,
  refundStripePayment,
  REFUND_JOB_RETRIES,
} from "#app/modules/payments/stripe.server.ts";
import { defineJob } from "#app/lib/queue.server.ts";
import { getOrder } from "./get-order.server.ts";

export async function refundOrderPayment(orderId: string): Promise<"refunded" | "skipped"> {
  const order = await getOrder(orderId);
  if (!order?.paidAt || !order.paymentReference) return "skipped";
  // The demo provider took no money, so there is nothing to give back.
  if (!providerRefunds(order.paymentProvider)) return "skipped";
  // A box the member's credit paid in full has a `credit:` reference: no card payment to refund
  // (its credit goes back to the ledger with the refund's history row, ADR 059).
  if (order.paymentReference.startsWith("credit:")) return "skipped";
  await refundStripePayment(order.paymentReference, order.id);
  return "refunded";
}

export const refundOrderPaymentJob = defineJob({
  name: "orders.refund-payment",
  payload: z.object({ orderId: z.uuid() }),
  ...REFUND_JOB_RETRIES,
  handle: async ({ orderId }) => {
    await refundOrderPayment(orderId);
  },
});
