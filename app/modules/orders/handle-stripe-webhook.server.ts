// POST /api/webhooks/stripe: verified on the raw body, de-duplicated by event id (payment_events)
// in the same transaction as its effect, so a replay is a no-op and a crash mid-way lets Stripe's
// retry do the work again. Out-of-order events are safe because every transition is guarded by
// the order's current status (mark-order-paid.server.ts).
import type Stripe from "stripe";
import { db, type Database } from "#app/lib/db.server.ts";
import { log } from "#app/lib/log.server.ts";
import { failure } from "#app/lib/outcome.ts";
import { stripeEnabled, verifyStripeEvent } from "#app/modules/payments/stripe.server.ts";
import {
  recordStripeEvent,
  type StripeEventOutcome,
} from "#app/modules/payments/stripe-events.server.ts";
import {
  flagPaidAfterExpiry,
  markOrderPaid,
  markPaymentFailed,
  NeedsAttentionError,
} from "./mark-order-paid.server.ts";
import { isOrderId } from "./order-id.ts";

export async function handleStripeWebhook(
  rawBody: string,
  signature: string | undefined,
): Promise<StripeEventOutcome> {
  if (!stripeEnabled()) return failure("not-found", "Not found");
  let event: Stripe.Event;
  try {
    event = verifyStripeEvent(rawBody, signature);
  } catch {
    log.warn("stripe webhook with a bad signature");
    return failure("invalid", "Invalid signature");
  }
  const intent = event.type.startsWith("payment_intent.")
    ? (event.data.object as Stripe.PaymentIntent)
    : undefined;
  const orderId = intent?.metadata?.orderId;
  const relevant = Boolean(intent && isOrderId(orderId));

  const record = (tx: Database) => recordStripeEvent(tx, event, relevant ? orderId! : null);

  try {
    const fresh = await db().transaction(async (tx) => {
      if (!(await record(tx))) return false;
      if (!relevant || !intent || !orderId) return true;
      if (event.type === "payment_intent.succeeded") {
        await markOrderPaid({ tx, orderId, reference: intent.id });
      } else if (event.type === "payment_intent.payment_failed") {
        await markPaymentFailed({
          tx,
          orderId,
          message:
            intent.last_payment_error?.message ??
            "Your payment didn't go through. No money has been taken: please try again.",
        });
      }
      return true;
    });
    return { ok: true, duplicate: !fresh };
  } catch (error) {
    if (!(error instanceof NeedsAttentionError) || !intent) throw error;
    await db().transaction(async (tx) => {
      if (await record(tx))
        await flagPaidAfterExpiry({ tx, orderId: error.orderId, reference: intent.id });
    });
    return { ok: true };
  }
}
