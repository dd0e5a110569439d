// POST /api/webhooks/stripe: one endpoint for Stripe's events, each sent to the area it is about.
// Subscription events (SetupIntents that save a card, off-session charges; ADR 035) go to the
// subscriptions' handler once the signature is verified, a gift box's payment (ADR 043) to the
// gifts'; everything else (the shop's orders, and any bad signature, which it refuses) to the
// orders' handler, as before.
import type Stripe from "stripe";
import { handleStripeWebhook as handleOrderEvent } from "#app/modules/orders/handle-stripe-webhook.server.ts";
import type { StripeEventOutcome } from "#app/modules/payments/stripe-events.server.ts";
import { stripeEnabled, verifyStripeEvent } from "#app/modules/payments/stripe.server.ts";
import {
  handleGiftStripeEvent,
  isGiftEvent,
} from "#app/modules/gifts/settle-gift-payment.server.ts";
import {
  handleSubscriptionStripeEvent,
  isSubscriptionEvent,
} from "#app/modules/subscriptions/handle-subscription-stripe-event.server.ts";

export async function handleStripeWebhook(
  rawBody: string,
  signature: string | undefined,
): Promise<StripeEventOutcome> {
  if (stripeEnabled()) {
    let event: Stripe.Event | undefined;
    try {
      event = verifyStripeEvent(rawBody, signature);
    } catch {
      // The orders' handler answers a bad signature (and logs it).
    }
    if (event && isSubscriptionEvent(event)) return handleSubscriptionStripeEvent(event);
    if (event && isGiftEvent(event)) return handleGiftStripeEvent(event);
  }
  return handleOrderEvent(rawBody, signature);
}
