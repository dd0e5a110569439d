// 'Change plan' (issue 21): a bigger or smaller box from the next box not yet paid for (the one
// charged at the end of the paid period); a box already paid for comes as it was. The page and the
// e-mail say what the monthly price becomes. The member's swaps (issue 39) stay when they still fit
// the new plan's box; one that doesn't is named before the member confirms (`previewPlanChange`),
// and a change that would drop a swap the member wasn't shown is refused, never made silently.
import { db, type Database } from "#app/lib/db.server.ts";
import { failure } from "#app/lib/outcome.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatBoxDate, nextBoxDate, type DeliveryWeek } from "./box-dates.ts";
import {
  currentSubscription,
  notRunning,
  subscriptionOf,
  type Decision,
  type SubscriptionRow,
} from "./change-subscription.server.ts";
import { changePlanSchema, MANAGE_MESSAGES } from "./manage.schema.ts";
import { memberChange } from "./member-change.server.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";
import {
  boxesFollowPlan,
  planSwaps,
  swapKey,
  upcomingBoxClaimed,
  type BoxSwap,
} from "./box-changes.server.ts";
import { findPlan, type PlanId } from "./plans.ts";

/** "Basil seeds (instead of Carrot seeds)" */
export const swapWords = (swap: BoxSwap) => `${swap.to.name} (instead of ${swap.from.name})`;

const listed = (words: string[]) =>
  words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/** What the change says about the swaps: which stay, which go. */
function swapSentences(swaps: readonly BoxSwap[], size: string): string {
  const kept = swaps.filter((s) => s.kept).map(swapWords);
  const dropped = swaps.filter((s) => !s.kept).map(swapWords);
  const out: string[] = [];
  if (kept.length) out.push(`Your swap stays in the new box: ${listed(kept)}.`);
  if (dropped.length)
    out.push(
      `Your swap doesn't fit the ${size} box, so it's dropped: ${listed(dropped)} goes back to the plan's own item.`,
    );
  return out.length ? ` ${out.join(" ")}` : "";
}

export interface PlanChangeOptions {
  /**
   * The keys of the swaps the member confirmed dropping (from the confirmation step), or "any"
   * when the change is an offer whose words say so (the smaller-plan save offer).
   */
  confirmDrops?: readonly string[] | "any";
}

/** The plan change itself, also made when a member takes the smaller-plan offer. */
export async function planChange(
  tx: Database,
  sub: SubscriptionRow,
  planId: PlanId,
  now: Date,
  options: PlanChangeOptions = { confirmDrops: "any" },
): Promise<Decision> {
  const stop = notRunning(sub);
  if (stop) return stop;
  const plan = findPlan(planId)!;
  if (sub.plan === plan.id) return { unchanged: true, message: MANAGE_MESSAGES.samePlan };
  const money = (cents: number) => formatMoney(cents, sub.currency);
  const swaps = await planSwaps(tx, sub, plan.id, now);
  const dropped = swaps.filter((s) => !s.kept);
  const confirmed = options.confirmDrops ?? [];
  if (confirmed !== "any" && dropped.some((s) => !confirmed.includes(swapKey(s))))
    return failure(
      "conflict",
      MANAGE_MESSAGES.confirmDrops(plan.size, listed(dropped.map(swapWords))),
    );
  // A box the renewal is charging now comes as it was: the change counts from the one after.
  const upcoming = upcomingBoxOn(sub);
  const from = (await upcomingBoxClaimed(tx, sub))
    ? nextBoxDate(upcoming, sub.deliveryWeek as DeliveryWeek)
    : upcoming;
  return {
    type: "plan_changed",
    set: { plan: plan.id, price: plan.price },
    after: (tx, changed) =>
      boxesFollowPlan(
        tx,
        changed,
        sub.price,
        now,
        swaps.filter((s) => s.kept),
      ),
    data: {
      fromPlan: sub.plan,
      plan: plan.id,
      fromPrice: sub.price,
      price: plan.price,
      fromBox: from,
      ...(swaps.length
        ? {
            keptSwaps: swaps.filter((s) => s.kept).map(swapKey),
            droppedSwaps: dropped.map(swapKey),
          }
        : {}),
    },
    message: `Your plan changes to ${plan.size} from the box of the week starting ${formatBoxDate(from)}: ${money(plan.price)} a month instead of ${money(sub.price)}.${swapSentences(swaps, plan.size)}`,
  };
}

export const changeSubscriptionPlan = memberChange(
  changePlanSchema,
  { invalid: MANAGE_MESSAGES.plan },
  ({ plan, confirmDrops }, sub, now, tx) =>
    planChange(tx, sub, plan, now, {
      confirmDrops: confirmDrops ? confirmDrops.split(",").filter(Boolean) : [],
    }),
);

/** The confirmation step's words: the plan asked for and what it does to the member's swaps. */
export interface PlanChangePreview {
  plan: PlanId;
  size: string;
  price: string;
  kept: string[];
  dropped: string[];
  /** The dropped swaps' keys, posted back with the confirmation. */
  confirmDrops: string;
}

/**
 * Before a plan change, what it would do to the member's swaps; null when there are none to tell
 * (no swaps, the same plan, no running subscription, or a plan that isn't one), and the change
 * goes ahead at once.
 */
export async function previewPlanChange(
  userId: string,
  planInput: unknown,
  now = new Date(),
  /** This subscription of theirs (the admin's page, issue 40) rather than their current one. */
  subscriptionId?: string,
): Promise<PlanChangePreview | null> {
  const plan = findPlan(String(planInput ?? ""));
  const sub = subscriptionId
    ? await subscriptionOf(userId, subscriptionId)
    : await currentSubscription(userId);
  if (!plan || !sub || sub.status === "ended" || notRunning(sub) || sub.plan === plan.id)
    return null;
  const swaps = await planSwaps(db(), sub, plan.id, now, false);
  if (swaps.length === 0) return null;
  const dropped = swaps.filter((s) => !s.kept);
  return {
    plan: plan.id,
    size: plan.size,
    price: formatMoney(plan.price, sub.currency),
    kept: swaps.filter((s) => s.kept).map(swapWords),
    dropped: dropped.map(swapWords),
    confirmDrops: dropped.map(swapKey).join(","),
  };
}
