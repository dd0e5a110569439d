// The e-mail confirming a member's change to their subscription (issue 21): the change in the words
// the page said, the next box and what is charged for it, and a link back to
// /profile/subscription. Queued in the change's own transaction (change-subscription.server.ts),
// one per history row, sent at most once (key subscription-change:<event id>, ADR 005).
import { z } from "zod";
import { subscriptionEvents, type subscriptions } from "#db/schema/index.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import {
  CREDIT_GRANTED_SUBJECT,
  creditGrantedEmail,
} from "#app/modules/credits/credit-granted-email.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import {
  defineSendJob,
  type DeliveryResult,
} from "#app/modules/notifications/deliver-once.server.ts";
import { getNextBox } from "./next-box.server.ts";
import { findPlan } from "./plans.ts";
import { deliverSubscriptionEmail, withItsSubscription } from "./subscription-email.server.ts";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type EventRow = typeof subscriptionEvents.$inferSelect;

/** The subject line for each kind of change. */
const SUBJECTS: Record<string, string> = {
  paused: "Your deliveries are paused",
  pause_changed: "Your pause has changed",
  resumed: "Your deliveries have resumed",
  plan_changed: "Your plan has changed",
  address_changed: "Your delivery address has changed",
  week_changed: "Your delivery week has changed",
  card_updated: "Your card has been updated",
  cancelled: "Your subscription is cancelled",
  cancel_undone: "Your subscription continues",
  discount_given: "A discount on your next box",
  box_skipped: "Your box is skipped",
  box_unskipped: "Your box is back on",
  box_item_swapped: "An item in your box is swapped",
  credit_granted: CREDIT_GRANTED_SUBJECT,
  ended: "Your subscription has ended",
};

/** The box the next charge is for, in words, or why nothing is charged. */
export function nextChargeLine(
  sub: SubscriptionRow,
  box: Awaited<ReturnType<typeof getNextBox>>,
): string {
  const chargeable = box?.upcoming ?? box;
  if (sub.status === "paused")
    return "Nothing is charged or sent while your deliveries are paused.";
  if (sub.status === "cancelled" || sub.status === "ended" || !chargeable)
    return "Nothing more will be charged.";
  if (chargeable.skipped)
    return `The box of the week starting ${chargeable.deliverOnLabel} is skipped: it isn't charged or sent.`;
  return `Your next box (${findPlan(chargeable.plan)?.size ?? chargeable.plan}) comes in the week starting ${chargeable.deliverOnLabel}: ${formatMoney(chargeable.amount, chargeable.currency)} is charged to your ${sub.cardLabel ?? "card"} at its cutoff, ${chargeable.cutoffLabel}.`;
}

export function subscriptionChangeEmail(
  sub: SubscriptionRow,
  event: EventRow,
  box: Awaited<ReturnType<typeof getNextBox>>,
) {
  const s = settings();
  const subject = SUBJECTS[event.type] ?? "Your subscription has changed";
  const said = typeof event.data.message === "string" ? event.data.message : "";
  // An admin's goodwill credit: the one credit e-mail, as /admin/credits sends it.
  if (event.type === "credit_granted") return creditGrantedEmail(sub.email, sub.name, said);
  return {
    to: sub.email,
    ...renderEmail({
      subject: `${subject} | ${s.brandName}`,
      preheader: said,
      heading: `${subject}, ${sub.name}`,
      paragraphs: [
        said,
        nextChargeLine(sub, box),
        `You can see every change, and make others, in your account.`,
        `Didn't make this change? Reply to this e-mail or call us on ${s.contactPhone}.`,
      ],
      button: {
        label: "Manage your subscription",
        url: `${s.siteUrl}${paths.profileSubscription}`,
      },
      reason: `You're getting this because your ${s.brandName} subscription changed.`,
    }),
  };
}

export const subscriptionChangePayload = z.object({ eventId: z.uuid() });

export async function sendSubscriptionChange(
  payload: z.infer<typeof subscriptionChangePayload>,
): Promise<DeliveryResult | "skipped"> {
  const row = await withItsSubscription(subscriptionEvents, payload.eventId);
  if (!row) return "skipped";
  const { record: event, sub } = row;
  const box = await getNextBox(sub.id);
  return deliverSubscriptionEmail(sub, {
    key: `subscription-change:${event.id}`,
    template: `subscription-${event.type.replace(/_/g, "-")}`,
    message: () => subscriptionChangeEmail(sub, event, box),
  });
}

export const sendSubscriptionChangeJob = defineSendJob(
  "subscriptions.send-change",
  subscriptionChangePayload,
  sendSubscriptionChange,
);
