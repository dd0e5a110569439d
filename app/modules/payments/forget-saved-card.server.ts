// Forgets a saved card once its account is deleted (ADR 059): Stripe's PaymentMethod is detached
// from its Customer, so no one can charge it off-session again. Queued in the transaction that
// ends the account's subscriptions (a network call never holds their row locks) and safe to run
// twice: a card already detached, or one Stripe no longer knows, is forgotten already. The demo
// provider keeps nothing beyond the subscription's columns, which that transaction clears.
import { z } from "zod";
import { defineJob } from "#app/lib/queue.server.ts";
import { REFUND_JOB_RETRIES, stripe, stripeEnabled } from "./stripe.server.ts";

export async function forgetSavedCard({
  provider,
  paymentMethodId,
}: {
  provider: string;
  paymentMethodId: string;
}): Promise<"detached" | "skipped"> {
  if (provider !== "stripe" || !stripeEnabled()) return "skipped";
  try {
    await stripe().paymentMethods.detach(paymentMethodId);
    return "detached";
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    // 400: not attached to a customer (detached already); 404: no such payment method.
    if (status === 400 || status === 404) return "skipped";
    throw error;
  }
}

export const forgetSavedCardJob = defineJob({
  name: "payments.forget-saved-card",
  payload: z.object({ provider: z.string().min(1), paymentMethodId: z.string().min(1) }),
  ...REFUND_JOB_RETRIES,
  handle: async (payload) => {
    await forgetSavedCard(payload);
  },
});
