// Stripe's events, kept by id (payment_events) so that each is acted on once: a replay, a late or
// an out-of-order delivery finds its id and changes nothing. The shop records an event in the
// transaction of its effect; the gifts' and subscriptions' events, whose effects are idempotent,
// are looked up before the effect and recorded after it.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { paymentEvents } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import type { Outcome } from "#app/lib/outcome.ts";

/**
 * What handling a Stripe event answers: handled (and whether it was a replay), or why not
 * ("not-found" with Stripe off, "invalid" for a bad signature, "unavailable" to be sent again).
 * The webhook's route tells Stripe `{ received, duplicate }` or `{ received: false, error }`.
 */
export type StripeEventOutcome = Outcome<{ duplicate?: boolean }>;

/** An event that was handled before. */
export const ALREADY_HANDLED = { ok: true, duplicate: true } as const;

/** Whether the event has been handled and recorded already. */
export async function stripeEventSeen(event: Stripe.Event): Promise<boolean> {
  const [seen] = await db()
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  return Boolean(seen);
}

/** Records the event (with the order it is about, if any); false when it was recorded already. */
export async function recordStripeEvent(
  tx: Database,
  event: Stripe.Event,
  orderId: string | null = null,
): Promise<boolean> {
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({
      id: event.id,
      provider: "stripe",
      type: event.type,
      orderId,
      createdAt: new Date(event.created * 1000),
    })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return Boolean(fresh);
}

/** Records an event handled outside a transaction, and answers Stripe (a duplicate or not). */
export async function answerStripeEvent(event: Stripe.Event) {
  const fresh = await recordStripeEvent(db(), event);
  return { ok: true as const, duplicate: !fresh };
}
