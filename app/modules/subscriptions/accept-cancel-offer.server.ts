// Taking the offer made instead of cancelling (issue 21): the one offer the member's reason is met
// with (manage.schema.ts `offerFor`), worked out again here from the reason and the plan as they
// are now, never from what the page posted: a smaller plan, a pause, a skipped box or a discount
// on the next box. The subscription keeps running; the history says the offer was taken.
import { formatMoney } from "#app/lib/money.ts";
import { fieldErrors } from "#app/lib/outcome.ts";
import { formatBoxDate } from "./box-dates.ts";
import {
  changeSubscription,
  notRunning,
  refused,
  type ChangeOutcome,
  type ChangeRequest,
  type Decision,
  type SubscriptionRow,
} from "./change-subscription.server.ts";
import { planChange } from "./change-subscription-plan.server.ts";
import { cancelSchema, MANAGE_MESSAGES, offerFor, type CancelReason } from "./manage.schema.ts";
import { boxChargedAt, todayInNz } from "./member-calendar.ts";
import { pauseEndAfter, pauseUntil } from "./pause-subscription.server.ts";

/** The discount itself: the next box not yet paid for costs `percent` less, once. */
function discountNextBox(sub: SubscriptionRow, percent: number): Decision {
  const stop = notRunning(sub);
  if (stop) return stop;
  const box = boxChargedAt(sub.currentPeriodEnd);
  const amount = Math.round((sub.price * (100 - percent)) / 100);
  const message = `Thanks for staying. Your box of the week starting ${formatBoxDate(box)} is ${percent}% off: ${formatMoney(amount, sub.currency)} instead of ${formatMoney(sub.price, sub.currency)}.`;
  if (sub.nextBoxDiscountPercent === percent) return { unchanged: true, message };
  return {
    type: "discount_given",
    set: { nextBoxDiscountPercent: percent },
    data: { percent, box, amount },
    message,
  };
}

function withOffer(decision: Decision, reason: CancelReason): Decision {
  if ("ok" in decision || "unchanged" in decision) return decision;
  return { ...decision, data: { ...decision.data, offerFor: reason } };
}

export async function acceptCancelOffer(
  raw: unknown,
  who: Omit<ChangeRequest, "requestKey">,
): Promise<ChangeOutcome> {
  const parsed = cancelSchema.safeParse(raw);
  if (!parsed.success) return refused(MANAGE_MESSAGES.reason, fieldErrors(parsed.error));
  const { requestKey, reason } = parsed.data;
  return changeSubscription({ ...who, requestKey }, (sub, now) => {
    const offer = offerFor(reason, sub.plan);
    switch (offer.kind) {
      case "smaller-plan":
        return withOffer(planChange(sub, offer.plan), reason);
      case "pause":
        return withOffer(pauseUntil(sub, pauseEndAfter(todayInNz(now), offer.months), now), reason);
      case "discount":
        return withOffer(discountNextBox(sub, offer.percent), reason);
      case "skip":
        return withOffer(skipNextCharge(sub), reason);
    }
  });
}
