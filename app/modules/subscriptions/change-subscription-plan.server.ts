// 'Change plan' (issue 21): a bigger or smaller box from the next box not yet paid for (the one
// charged at the end of the paid period); a box already paid for comes as it was. The page and the
// e-mail say what the monthly price becomes.
import { and, eq, isNotNull } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatBoxDate, nextBoxDate, type DeliveryWeek } from "./box-dates.ts";
import { notRunning, type Decision, type SubscriptionRow } from "./change-subscription.server.ts";
import { changePlanSchema, MANAGE_MESSAGES } from "./manage.schema.ts";
import { memberChange } from "./member-change.server.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";
import { boxesFollowPlan } from "./box-changes.server.ts";
import { findPlan, type PlanId } from "./plans.ts";

/**
 * The first box a change of plan reaches: the upcoming one, unless the renewal has claimed it for
 * its charge (ADR 064: past its cutoff, being paid as it was), then the one after.
 */
async function firstBoxToChange(tx: Database, sub: SubscriptionRow): Promise<string> {
  const upcoming = upcomingBoxOn(sub);
  const [claimed] = await tx
    .select({ id: boxes.id })
    .from(boxes)
    .where(
      and(
        eq(boxes.subscriptionId, sub.id),
        eq(boxes.deliverOn, upcoming),
        isNotNull(boxes.claimedAt),
      ),
    );
  return claimed ? nextBoxDate(upcoming, sub.deliveryWeek as DeliveryWeek) : upcoming;
}

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
  const from = await firstBoxToChange(tx, sub);
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
