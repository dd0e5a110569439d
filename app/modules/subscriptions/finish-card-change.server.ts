// A member's new card, once Stripe says its SetupIntent has succeeded (issue 21, ADR 035): from the
// page Stripe returns to and from the setup_intent.succeeded webhook, in either order or twice.
// The card is written once per SetupIntent; of two changes, the SetupIntent made later wins, so a
// late event for an older change never puts the older card back. (The demo provider's change is
// saved at once by `replaceCard`; the member's page writes it.) A failed payment's retry after a
// card change is the renewal engine's `retryNow`, which the member's page calls after this.
import { eq } from "drizzle-orm";
import { subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import { stripeSavedCards } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { findHistoryEvent } from "./subscription-history.server.ts";

export const CARD_CHANGE_MESSAGES = {
  notFound: "We couldn't find that card change. Your saved card is unchanged.",
  pending:
    "We're waiting for your bank to confirm your new card. Your saved card is unchanged until it does.",
} as const;

export type CardChangeOutcome = Outcome<
  { subscriptionId: string; changed: boolean; label: string },
  { declined?: boolean; pending?: boolean }
>;

export async function finishCardChange(
  setupIntentId: unknown,
  signedIn: { id: string } | null,
  now = new Date(),
): Promise<CardChangeOutcome> {
  const id = z
    .string()
    .regex(/^seti_\w+$/)
    .safeParse(setupIntentId);
  if (!id.success) return failure("invalid", CARD_CHANGE_MESSAGES.notFound);
  const setup = await stripeSavedCards.finishCardSetup(id.data);
  const subscriptionId = z.uuid().safeParse(setup.metadata.subscriptionId);
  if (setup.metadata.purpose !== "replace-card" || !subscriptionId.success)
    return failure("not-found", CARD_CHANGE_MESSAGES.notFound);
  const [sub] = await db()
    .select({ userId: subscriptions.userId, customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId.data));
  if (!sub || (signedIn && signedIn.id !== sub.userId))
    return failure("not-found", CARD_CHANGE_MESSAGES.notFound);
  if (setup.status === "pending")
    return failure("conflict", CARD_CHANGE_MESSAGES.pending, { pending: true });
  if (setup.status === "failed") return failure("invalid", setup.message, { declined: true });
  if (setup.customerId !== sub.customerId)
    return failure("not-found", CARD_CHANGE_MESSAGES.notFound);

  return db().transaction(async (tx) => {
    await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId.data))
      .for("update");
    const latest = await findHistoryEvent(tx, subscriptionId.data, {
      type: "card_updated",
      pick: "latest",
    });
    const last = latest?.data as { setupIntentId?: string; setupCreated?: number } | undefined;
    // The same change again, or one older than the card now saved: nothing to write.
    if (last?.setupIntentId === id.data || (last?.setupCreated ?? -1) > setup.created)
      return { ok: true, subscriptionId: subscriptionId.data, changed: false, label: setup.label };
    await tx
      .update(subscriptions)
      .set({
        providerPaymentMethodId: setup.paymentMethodId,
        cardLabel: setup.label,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, subscriptionId.data));
    await tx.insert(subscriptionEvents).values({
      subscriptionId: subscriptionId.data,
      type: "card_updated",
      data: { label: setup.label, setupIntentId: id.data, setupCreated: setup.created },
      actor: signedIn ? "member" : "system",
      createdAt: now,
    });
    return { ok: true, subscriptionId: subscriptionId.data, changed: true, label: setup.label };
  });
}
