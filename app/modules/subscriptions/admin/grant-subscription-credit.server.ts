// An admin's goodwill credit from a subscription's page (issue 40): the same grant as
// /admin/credits (grantCredit: one 'goodwill' row with the admin and reason), made as one of the
// subscription's changes (changeSubscription), so in one transaction it has a history row naming
// the admin and the change e-mail telling the member the amount and the reason (the credit e-mail
// /admin/credits sends too, credit-granted-email.server.ts); a retried submit (the page's request
// key) grants once.
import { formatMoney } from "#app/lib/money.ts";
import { creditGrantedWords } from "#app/modules/credits/credit-granted-email.server.ts";
import { grantCredit } from "#app/modules/credits/grant-credit.server.ts";
import { creditAmountFields } from "#app/modules/credits/credits.schema.ts";
import { fieldErrors } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import {
  changeSubscription,
  refused,
  type ChangeOutcome,
  type ChangeRequest,
} from "#app/modules/subscriptions/change-subscription.server.ts";

export const subscriptionCreditSchema = z.object(creditAmountFields);

export async function grantSubscriptionCredit(
  raw: { amount?: unknown; reason?: unknown; requestKey?: unknown },
  who: Omit<ChangeRequest, "requestKey" | "userId"> & { userId: string; adminId: string },
): Promise<ChangeOutcome> {
  const parsed = subscriptionCreditSchema.safeParse(raw);
  if (!parsed.success) return refused(parsed.error.issues[0]!.message, fieldErrors(parsed.error));
  const { amount, reason, requestKey } = parsed.data;
  return changeSubscription({ ...who, requestKey }, async (sub, now, tx) => {
    const granted = await grantCredit({
      input: { ...raw, userId: sub.userId },
      admin: { id: who.adminId },
      now,
      tx,
    });
    if (!granted.ok) return granted;
    return {
      type: "credit_granted",
      data: { amount, entryId: granted.entryId },
      message: creditGrantedWords(formatMoney(amount, sub.currency), reason),
    };
  });
}
