// Taking the offer made instead of cancelling (issue 21): the one offer the member's reason is met
// with (manage.schema.ts `offerFor`), worked out again here from the reason and the plan as they
// are now, never from what the page posted: a smaller plan, a pause, a skipped box or a discount
// on the next box. The subscription keeps running; the history row says the offer was taken.
import { eq } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatBoxDate } from "./box-dates.ts";
import { type Decision, type SubscriptionRow } from "./change-subscription.server.ts";
import { planChange } from "./change-subscription-plan.server.ts";
import { cancelSchema, MANAGE_MESSAGES, offerFor, type CancelReason } from "./manage.schema.ts";
import { memberChange, runningUpcomingBox } from "./member-change.server.ts";
import { pauseEndAfter, pauseUntil } from "./pause-subscription.server.ts";
import { skipDecision } from "./skip-next-box.server.ts";

/** The discount itself: the next box not yet paid for costs `percent` less (its box row's amount). */
async function discountNextBox(
  tx: Database,
  sub: SubscriptionRow,
  percent: number,
  now: Date,
): Promise<Decision> {
  const box = await runningUpcomingBox(tx, sub, now);
  if ("ok" in box) return box;
  const amount = Math.round((sub.price * (100 - percent)) / 100);
  const message = `Thanks for staying. Your box of the week starting ${formatBoxDate(box.deliverOn)} is ${percent}% off: ${formatMoney(amount, sub.currency)} instead of ${formatMoney(sub.price, sub.currency)}.`;
  if (box.amount <= amount) return { unchanged: true, message };
  return {
    type: "discount_given",
    data: { percent, box: box.deliverOn, amount },
    after: async (t) => {
      await t.update(boxes).set({ amount, updatedAt: now }).where(eq(boxes.id, box.id));
    },
    message,
  };
}

function withOffer(decision: Decision, reason: CancelReason): Decision {
  if ("ok" in decision || "unchanged" in decision) return decision;
  return { ...decision, data: { ...decision.data, offerFor: reason } };
}

export const acceptCancelOffer = memberChange(
  cancelSchema,
  { invalid: MANAGE_MESSAGES.reason },
  async ({ reason }, sub, now, tx) => {
    const offer = offerFor(reason, sub.plan);
    switch (offer.kind) {
      case "smaller-plan":
        return withOffer(planChange(sub, offer.plan, now), reason);
      case "pause":
        return withOffer(pauseUntil(sub, pauseEndAfter(sub, offer.months), now), reason);
      case "discount":
        return withOffer(await discountNextBox(tx, sub, offer.percent, now), reason);
      case "skip":
        return withOffer(await skipDecision(tx, sub, now), reason);
    }
  },
);
