// Taking the offer made instead of cancelling (issue 21): the one offer the member's reason is met
// with (manage.schema.ts `offerFor`), worked out again here from the reason and the plan as they
// are now, never from what the page posted: a smaller plan, a pause, a skipped box or a discount
// on the next box. The subscription keeps running; the history row says the offer was taken. The
// discount is had at most once in SAVE_OFFER_MONTHS and never on top of another (ADR 060).
import { and, eq, gt } from "drizzle-orm";
import { boxes, subscriptionEvents } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { failure, type Failure } from "#app/lib/outcome.ts";
import { formatMoney } from "#app/lib/money.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";
import { formatBoxDate } from "./box-dates.ts";
import { type Decision, type SubscriptionRow } from "./change-subscription.server.ts";
import { planChange } from "./change-subscription-plan.server.ts";
import {
  cancelSchema,
  MANAGE_MESSAGES,
  offerFor,
  SAVE_OFFER_MONTHS,
  type CancelReason,
} from "./manage.schema.ts";
import { memberChange, runningUpcomingBox } from "./member-change.server.ts";
import { pauseEndAfter, pauseUntil } from "./pause-subscription.server.ts";
import { skipDecision } from "./skip-next-box.server.ts";

/**
 * Why the save offer's discount can't be had now, or null: a discount already waits on the next
 * box, or one was given within SAVE_OFFER_MONTHS. Read under the subscription's row lock when
 * taking it (changeSubscription), so two tabs at once give one discount.
 */
export async function saveOfferRefusal(
  tx: Database,
  sub: SubscriptionRow,
  now: Date,
): Promise<Failure | null> {
  const [box] = await tx
    .select({ amount: boxes.amount })
    .from(boxes)
    .where(and(eq(boxes.subscriptionId, sub.id), eq(boxes.deliverOn, upcomingBoxOn(sub))));
  if (box && box.amount < sub.price) return failure("conflict", MANAGE_MESSAGES.discountPending);
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - SAVE_OFFER_MONTHS);
  const [recent] = await tx
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, sub.id),
        eq(subscriptionEvents.type, "discount_given"),
        gt(subscriptionEvents.createdAt, since),
      ),
    )
    .limit(1);
  return recent ? failure("conflict", MANAGE_MESSAGES.saveOfferTaken) : null;
}

/** The discount itself: the next box not yet paid for costs `percent` less (its box row's amount). */
async function discountNextBox(
  tx: Database,
  sub: SubscriptionRow,
  percent: number,
  now: Date,
): Promise<Decision> {
  const refusal = await saveOfferRefusal(tx, sub, now);
  if (refusal) return refusal;
  const box = await runningUpcomingBox(tx, sub, now);
  if ("ok" in box) return box;
  const amount = Math.round((sub.price * (100 - percent)) / 100);
  const message = `Thanks for staying. Your box of the week starting ${formatBoxDate(box.deliverOn)} is ${percent}% off: ${formatMoney(amount, sub.currency)} instead of ${formatMoney(sub.price, sub.currency)}.`;
  return {
    type: "discount_given",
    // The save offer's mark: the admin's history and the once-a-year rule read it.
    data: { percent, box: box.deliverOn, amount, saveOffer: true },
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
    switch (offer?.kind) {
      case "smaller-plan":
        return withOffer(await planChange(tx, sub, offer.plan, now), reason);
      case "pause":
        return withOffer(pauseUntil(sub, pauseEndAfter(sub, offer.months), now), reason);
      case "discount":
        return withOffer(await discountNextBox(tx, sub, offer.percent, now), reason);
      case "skip":
        return withOffer(await skipDecision(tx, sub, now), reason);
      default:
        return failure("invalid", MANAGE_MESSAGES.reason);
    }
  },
);
