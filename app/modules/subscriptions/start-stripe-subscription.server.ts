// Starting a subscription with Stripe (issue 21, ADR 035), in two steps because the card never
// reaches our server. `startStripeSubscription` checks the form as the demo start does and answers
// a SetupIntent for Stripe's Payment Element; what the subscription is made of travels with the
// SetupIntent as its metadata (Stripe keeps it; nothing is stored here before the card is saved).
// `completeStripeSubscription` runs when Stripe says the SetupIntent has succeeded, from the page
// Stripe returns to and from the setup_intent.succeeded webhook, in whichever order: it reads the
// SetupIntent from Stripe, charges the first box (keyed by the form's key) and writes the
// subscription once.
import { failure } from "#app/lib/outcome.ts";
import { savedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import { stripeSavedCards } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { z } from "#app/lib/zod.ts";
import { checkoutFieldErrors } from "#app/modules/checkout/checkout.schema.ts";
import {
  guardStart,
  payFirstBox,
  refusalToStart,
  type StartSubscriptionOutcome,
  type Subscriber,
  type SubscriptionDetails,
} from "./start-subscription.server.ts";
import { stripeSubscriptionSchema, SUBSCRIBE_MESSAGES } from "./subscribe.schema.ts";
import type { Outcome } from "#app/lib/outcome.ts";

export const STRIPE_SUBSCRIBE_MESSAGES = {
  pending:
    "We're waiting for your bank to confirm your card. Nothing has been charged yet: this page will show your subscription as soon as it's confirmed.",
  notYours: "That card confirmation isn't for this account. Nothing has been charged.",
} as const;

export type CardSetupOutcome = Outcome<
  { setupIntentId: string; clientSecret: string; publishableKey: string },
  { declined?: boolean }
>;

/** Step 1: the form without a card; the answer is the SetupIntent the browser confirms. */
export async function startStripeSubscription(
  raw: unknown,
  member: Subscriber,
): Promise<CardSetupOutcome | StartSubscriptionOutcome> {
  const parsed = stripeSubscriptionSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", SUBSCRIBE_MESSAGES.failed, {
      fieldErrors: checkoutFieldErrors(parsed.error),
    });
  const config = settings().stripe;
  if (savedCardProvider()?.name !== "stripe" || !config)
    return failure("unavailable", SUBSCRIBE_MESSAGES.noPayments);
  const details = parsed.data;
  return guardStart<CardSetupOutcome>(details.idempotencyKey, async () => {
    const blocked = await refusalToStart(details, member);
    if (blocked) return blocked;
    const setup = await stripeSavedCards.setUpCard({
      owner: { email: member.email, name: member.name },
      idempotencyKey: `subscribe:${details.idempotencyKey}`,
      metadata: toMetadata(details, member),
    });
    return {
      ok: true,
      setupIntentId: setup.setupIntentId,
      clientSecret: setup.clientSecret,
      publishableKey: config.publishableKey,
    };
  });
}

export type CompleteOutcome = (
  StartSubscriptionOutcome | { ok: false; code: "pending"; message: string; declined?: undefined }
) & {
  /** On a refusal, the form the member sent, so the page can offer it again as it was. */
  attempt?: SubscriptionDetails;
};

/**
 * Step 2, from the return page (`member` is who is signed in) or the webhook (no member: the
 * SetupIntent's own). Idempotent: the subscription is found by the form's key.
 */
export async function completeStripeSubscription(
  setupIntentId: string,
  signedIn: { id: string } | null,
  now = new Date(),
): Promise<CompleteOutcome> {
  if (savedCardProvider()?.name !== "stripe")
    return failure("unavailable", SUBSCRIBE_MESSAGES.noPayments);
  if (!/^seti_\w+$/.test(setupIntentId)) return failure("invalid", SUBSCRIBE_MESSAGES.failed);
  const setup = await stripeSavedCards.finishCardSetup(setupIntentId);
  const pending = fromMetadata(setup.metadata);
  if (!pending) return failure("invalid", SUBSCRIBE_MESSAGES.failed);
  const { details, member } = pending;
  if (signedIn && signedIn.id !== member.id)
    return failure("forbidden", STRIPE_SUBSCRIBE_MESSAGES.notYours);
  if (setup.status === "pending")
    return {
      ok: false,
      code: "pending",
      message: STRIPE_SUBSCRIBE_MESSAGES.pending,
      attempt: details,
    };
  if (setup.status === "failed")
    return { ...failure("invalid", setup.message, { declined: true }), attempt: details };
  const result = await guardStart(details.idempotencyKey, async () => {
    const blocked = await refusalToStart(details, member, now);
    if (blocked) return blocked;
    return payFirstBox(details, member, stripeSavedCards, setup, now);
  });
  return result.ok ? result : { ...result, attempt: details };
}

/** Metadata is flat strings (Stripe: 50 keys, 500 characters each; the form's limits are lower). */
function toMetadata(d: SubscriptionDetails, m: Subscriber): Record<string, string> {
  return {
    purpose: "subscribe",
    subscribeKey: d.idempotencyKey,
    userId: m.id,
    email: m.email,
    name: m.name.slice(0, 500),
    plan: d.plan,
    deliveryWeek: String(d.deliveryWeek),
    street: d.address.street,
    suburb: d.address.suburb ?? "",
    city: d.address.city,
    region: d.address.region,
    postcode: d.address.postcode,
    rural: String(d.address.rural),
  };
}

const memberSchema = z.object({
  purpose: z.literal("subscribe"),
  userId: z.string().min(1),
  email: z.string().min(1),
  name: z.string(),
});

/** The SetupIntent's metadata back to the form it came from, checked by the same schema. */
export function fromMetadata(
  meta: Record<string, string>,
): { details: SubscriptionDetails; member: Subscriber } | null {
  const member = memberSchema.safeParse(meta);
  const details = stripeSubscriptionSchema.safeParse({
    idempotencyKey: meta.subscribeKey,
    plan: meta.plan,
    deliveryWeek: meta.deliveryWeek,
    address: {
      street: meta.street,
      suburb: meta.suburb,
      city: meta.city,
      region: meta.region,
      postcode: meta.postcode,
      rural: meta.rural === "true",
    },
  });
  if (!member.success || !details.success) return null;
  return {
    details: details.data,
    member: { id: member.data.userId, email: member.data.email, name: member.data.name },
  };
}
