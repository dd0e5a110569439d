// How the admin's gift pages word a gift (ADR 049), shared by the list and one gift's page.
import type { GiftRedemption } from "#db/schema/gifts.ts";
import { findPlan } from "#app/modules/subscriptions/plans.ts";

export const REDEEMED_AS_LABELS: Record<GiftRedemption, string> = {
  subscription: "Prepaid subscription",
  credit: "Credit on a running subscription",
  held: "Held on a waitlist",
};

/** "1m² box, 6 months" */
export function giftSummary(gift: { plan: string; months: number }): string {
  return `${findPlan(gift.plan)?.size ?? gift.plan} box, ${gift.months} months`;
}
