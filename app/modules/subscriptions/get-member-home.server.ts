// What the home page shows a signed-in member instead of only the marketing (issue 39 §6): their
// next box (its week, what is in it, until when it can change) and the box on its way, or, with no
// subscription, the way to start one. Read by the browser after the kept page has loaded
// (routes/member-home.ts), since the home page is the same for everyone.
import { currentSubscription } from "./change-subscription.server.ts";
import { subscriptionStatusText } from "./get-subscription-overview.server.ts";
import { nextBoxOf } from "./next-box.server.ts";
import { findPlan } from "./plans.ts";

export interface MemberHome {
  subscription: {
    plan: string;
    status: string;
    /** Paused, payment due or cancelled: the member should look. */
    attention: boolean;
    /** The paid box of this period, on its way ("Tuesday 8 December 2026"). */
    onItsWay: string | null;
    next: {
      box: string;
      cutoff: string;
      /** What is in it, as the member's page lists it. */
      contents: string[];
      skipped: boolean;
      /** Past its cutoff or paid: no more changes. */
      locked: boolean;
    } | null;
  } | null;
}

export async function getMemberHome(userId: string, now = new Date()): Promise<MemberHome> {
  const sub = await currentSubscription(userId);
  if (!sub || sub.status === "ended") return { subscription: null };
  const plan = findPlan(sub.plan);
  const boxes = await nextBoxOf(sub, now);
  const running = sub.status === "active" || sub.status === "past_due";
  const onItsWay = boxes?.upcoming && !boxes.skipped ? boxes : null;
  const next = boxes?.upcoming ?? boxes;
  return {
    subscription: {
      plan: plan?.size ?? sub.plan,
      status: subscriptionStatusText(sub, now),
      attention: sub.status !== "active",
      onItsWay: onItsWay?.deliverOnLabel ?? null,
      next:
        running && next
          ? {
              box: next.deliverOnLabel,
              cutoff: next.cutoffLabel,
              contents: next.items.length
                ? next.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name))
                : (plan?.detailedFeatures.included ?? []),
              skipped: next.skipped,
              locked: next.locked,
            }
          : null,
    },
  };
}
