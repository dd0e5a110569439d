// Stripe's events about subscriptions (issue 21, ADR 029, ADR 035), already verified by the
// webhook flow. A SetupIntent that succeeded finishes what it was for (starting a subscription,
// changing its card) exactly as the page Stripe returns to does, so whichever comes first does the
// work and the other finds it done. PaymentIntent events only confirm what the renewal engine already
// did with the charge's answer: they are recorded and change nothing. Every event is de-duplicated
// by its id (payment_events, as the shop's), so a replay, a late or an out-of-order event changes
// nothing twice.
import type Stripe from "stripe";
import { log } from "#app/lib/log.server.ts";
import { failure } from "#app/lib/outcome.ts";
import {
  ALREADY_HANDLED,
  answerStripeEvent,
  stripeEventSeen,
  type StripeEventOutcome,
} from "#app/modules/payments/stripe-events.server.ts";
import { finishCardChange } from "./finish-card-change.server.ts";
import { completeStripeSubscription } from "./start-stripe-subscription.server.ts";

type Metadata = Record<string, string> | null | undefined;

/** Whether the event is about a subscription (by the metadata we gave its intent). */
export function isSubscriptionEvent(event: Stripe.Event): boolean {
  const metadata = (event.data.object as { metadata?: Metadata }).metadata;
  const purpose = metadata?.purpose;
  if (event.type.startsWith("setup_intent."))
    return purpose === "subscribe" || purpose === "replace-card";
  if (event.type.startsWith("payment_intent.")) return purpose === "subscription";
  return false;
}

export async function handleSubscriptionStripeEvent(
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  if (await stripeEventSeen(event)) return ALREADY_HANDLED;

  if (event.type === "setup_intent.succeeded") {
    const intent = event.data.object as Stripe.SetupIntent;
    // Read from Stripe again, not from the event: a late event's copy may be out of date.
    const outcome =
      intent.metadata?.purpose === "subscribe"
        ? await completeStripeSubscription(intent.id, null)
        : await finishCardChange(intent.id, null);
    if (!outcome.ok && outcome.code === "unavailable")
      return failure("unavailable", "Try again later");
    if (!outcome.ok) log.info({ event: event.id, outcome }, "stripe setup event changed nothing");
  }

  return answerStripeEvent(event);
}
