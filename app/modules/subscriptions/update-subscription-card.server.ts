// Updating the card the boxes are charged to (issue 21): the new card is saved through the
// SavedCardProvider (refused cards are said in the shop's words and change nothing), then kept on
// the subscription. After a failed payment (past due) the unpaid box is charged again at once with
// the new card (the renewal engine's retryNow), and the answer says how that went.
import { failure, fieldErrors } from "#app/lib/outcome.ts";
import { checkoutFieldErrors } from "#app/modules/checkout/checkout.schema.ts";
import { savedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import {
  changeSubscription,
  currentSubscription,
  notRunning,
  refused,
  type ChangeOutcome,
  type ChangeRequest,
} from "./change-subscription.server.ts";
import { MANAGE_MESSAGES, updateCardSchema } from "./manage.schema.ts";
import { retryNow } from "./renewal/index.ts";

export const CARD_MESSAGES = {
  invalid: "Please check the card details and try again.",
} as const;

export async function updateSubscriptionCard(
  raw: unknown,
  who: Omit<ChangeRequest, "requestKey">,
): Promise<ChangeOutcome<{ paymentDue?: boolean; paid?: boolean }, { declined?: boolean }>> {
  const parsed = updateCardSchema.safeParse(raw);
  if (!parsed.success)
    return refused(CARD_MESSAGES.invalid, {
      ...fieldErrors(parsed.error),
      ...checkoutFieldErrors(parsed.error),
    });
  const provider = savedCardProvider();
  if (!provider) return failure("unavailable", MANAGE_MESSAGES.noPayments);
  const { requestKey, card } = parsed.data;
  const sub = await currentSubscription(who.userId);
  if (!sub) return failure("not-found", MANAGE_MESSAGES.none);
  // The provider's customer is keyed by this request: a retried submit saves the card once.
  const saved = await provider.saveCard(card, { id: requestKey, email: sub.email }, who.now);
  if (!saved.ok) return failure("invalid", saved.message, { declined: true });
  let paymentDue = false;
  const outcome = await changeSubscription({ ...who, requestKey }, (row) => {
    const stop = notRunning(row);
    if (stop) return stop;
    paymentDue = row.status === "past_due";
    return {
      type: "card_updated",
      set: {
        paymentProvider: provider.name,
        providerCustomerId: saved.customerId,
        providerPaymentMethodId: saved.paymentMethodId,
        cardLabel: saved.label,
      },
      data: { card: saved.label, fromCard: row.cardLabel },
      message: row.providerPaymentMethodId
        ? `Your boxes are now charged to your ${saved.label}.`
        : `Your ${saved.label} is saved: your credit still pays for your boxes first, then we charge the card, so your boxes keep coming.`,
    };
  });
  if (!outcome.ok) return outcome;
  if (!outcome.changed || !paymentDue) return { ...outcome, paymentDue: false };
  const retried = await retryNow(outcome.subscriptionId, {
    userId: who.userId,
    now: who.now,
    provider,
  });
  return {
    ...outcome,
    paymentDue: true,
    paid: retried.ok,
    message: `${outcome.message} ${retried.message}`,
  };
}
