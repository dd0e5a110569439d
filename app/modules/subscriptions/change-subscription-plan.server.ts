// 'Change plan' (issue 21): a bigger or smaller box from the next box not yet paid for (the one
// charged at the end of the paid period); a box already paid for comes as it was. The page and the
// e-mail say what the monthly price becomes.
import type { Database } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatBoxDate, nextBoxDate, type DeliveryWeek } from "./box-dates.ts";
import { notRunning, type Decision, type SubscriptionRow } from "./change-subscription.server.ts";
import { changePlanSchema, MANAGE_MESSAGES } from "./manage.schema.ts";
import { memberChange } from "./member-change.server.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";
import { boxesFollowPlan, upcomingBoxClaimed } from "./box-changes.server.ts";
import { findPlan, type PlanId } from "./plans.ts";

/** The plan change itself, also made when a member takes the smaller-plan offer. */
export async function planChange(
  tx: Database,
  sub: SubscriptionRow,
  planId: PlanId,
  now: Date,
): Promise<Decision> {
  const stop = notRunning(sub);
  if (stop) return stop;
  const plan = findPlan(planId)!;
  if (sub.plan === plan.id) return { unchanged: true, message: MANAGE_MESSAGES.samePlan };
  const money = (cents: number) => formatMoney(cents, sub.currency);
  // A box the renewal is charging now comes as it was: the change counts from the one after.
  const upcoming = upcomingBoxOn(sub);
  const from = (await upcomingBoxClaimed(tx, sub))
    ? nextBoxDate(upcoming, sub.deliveryWeek as DeliveryWeek)
    : upcoming;
  return {
    type: "plan_changed",
    set: { plan: plan.id, price: plan.price },
    after: (tx, changed) => boxesFollowPlan(tx, changed, sub.price, now),
    data: {
      fromPlan: sub.plan,
      plan: plan.id,
      fromPrice: sub.price,
      price: plan.price,
      fromBox: from,
    },
    message: `Your plan changes to ${plan.size} from the box of the week starting ${formatBoxDate(from)}: ${money(plan.price)} a month instead of ${money(sub.price)}.`,
  };
}

export const changeSubscriptionPlan = memberChange(
  changePlanSchema,
  { invalid: MANAGE_MESSAGES.plan },
  ({ plan }, sub, now, tx) => planChange(tx, sub, plan, now),
);
