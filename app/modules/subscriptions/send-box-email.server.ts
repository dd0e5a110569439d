// The e-mails about a month's box (issue 21, ADR 032): three days before the charge (the box, its
// date, the amount, and links to skip or change it), the receipt when it is paid, each failed
// payment with a link to update the card and when we'll try again, and the pause after the last
// retry. Queued in the transaction that made the change; each sent at most once, keyed by box,
// kind and attempt (ADR 005).
import { z } from "zod";
import { boxes, type subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { balanceOf } from "#app/modules/credits/credit-ledger.server.ts";
import {
  type DeliveryResult,
  defineSendJob,
} from "#app/modules/notifications/deliver-once.server.ts";
import { formatBoxDate } from "./box-dates.ts";
import { findPlan } from "./plans.ts";
import { deliverSubscriptionEmail, withItsSubscription } from "./subscription-email.server.ts";

/** The member's subscription page (issue 21's nested account routes): skip, change, update card. */
export const MEMBER_SUBSCRIPTION_PATH = "/profile/subscription";

export const BOX_EMAIL_KINDS = [
  "reminder",
  "charged",
  "payment_failed",
  "retry_failed",
  "paused",
  "prepaid_over",
  /** An admin's reminder from the chase list (issue 40): the payment is still waiting. */
  "card_reminder",
] as const;
export type BoxEmailKind = (typeof BOX_EMAIL_KINDS)[number];

export const boxEmailPayload = z.object({
  boxId: z.uuid(),
  kind: z.enum(BOX_EMAIL_KINDS),
  /** Which charge attempt it is about (0 for the reminder). */
  attempt: z.number().int().min(0),
  /** A failed payment's next try, ISO time. */
  nextAttemptAt: z.iso.datetime().optional(),
});
export type BoxEmailPayload = z.infer<typeof boxEmailPayload>;

type BoxRow = typeof boxes.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

const nzDayFormat = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  weekday: "long",
  day: "numeric",
  month: "long",
});
/** "Monday 4 January", in New Zealand. */
const nzDay = { format: (at: Date) => nzDayFormat.format(at).replace(",", "") };

/**
 * The e-mail about a box. `credit` is the member's credit balance when it is sent, which a prepaid
 * subscription's e-mails (no card: a gift's, ADR 043) speak of instead of a card.
 */
export function boxEmail(box: BoxRow, sub: SubscriptionRow, payload: BoxEmailPayload, credit = 0) {
  const s = settings();
  const money = (cents: number) => formatMoney(cents, box.currency);
  const plan = findPlan(box.plan)?.size ?? box.plan;
  const page = `${s.siteUrl}${MEMBER_SUBSCRIPTION_PATH}`;
  const date = formatBoxDate(box.deliverOn);
  const contents = box.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name));
  const amount = `${money(box.amount)} (includes GST of ${money(gstIncluded(box.amount))})`;
  const card = sub.cardLabel ?? "your saved card";
  const reason = `You're getting this because you have a ${s.brandName} subscription at ${s.siteUrl}.`;
  const inBox = { heading: "In this box", items: contents };
  const next = payload.nextAttemptAt ? nzDay.format(new Date(payload.nextAttemptAt)) : undefined;
  const prepaid = !sub.providerPaymentMethodId;
  switch (payload.kind) {
    case "reminder":
      if (prepaid) return prepaidReminder(box, sub, credit, { plan, date, amount, page, reason });
      return renderEmail({
        subject: `Your ${plan} box for the week of ${date}`,
        preheader: `We'll charge ${money(box.amount)} on ${nzDay.format(box.cutoffAt)}. Skip or change it before then.`,
        heading: `Your next box is nearly ready, ${sub.name}`,
        paragraphs: [
          `Your ${plan} box arrives in the week starting ${date}.`,
          `We'll charge ${amount} to ${card} on ${nzDay.format(box.cutoffAt)}. Until then you can skip this box or swap what's in it.`,
        ],
        sections: [inBox],
        button: { label: "Skip or change this box", url: page },
        reason,
      });
    case "charged":
      return renderEmail({
        subject: `Receipt: your ${plan} box for the week of ${date}`,
        preheader: `Paid ${money(box.amount)}. Your box arrives in the week starting ${date}.`,
        heading: `Your box is paid for, ${sub.name}`,
        paragraphs: [
          box.chargeReference?.startsWith("credit:")
            ? `Your credit paid ${amount}: nothing was charged to a card. Your ${plan} box arrives in the week starting ${date}.`
            : `We've charged ${amount} to ${card}. Your ${plan} box arrives in the week starting ${date}.`,
          `Free shipping. Reference: ${box.chargeReference ?? "—"}.`,
        ],
        sections: [inBox],
        button: { label: "See your subscription", url: page },
        reason,
      });
    case "payment_failed":
    case "retry_failed":
      return renderEmail({
        subject: `We couldn't take payment for your ${plan} box`,
        preheader: `Please update your card: we'll try again on ${next ?? "the next retry"}.`,
        heading: `Your payment didn't go through, ${sub.name}`,
        paragraphs: [
          `We tried to charge ${amount} to ${card} for your box for the week of ${date}, and the payment was declined.`,
          next
            ? `We'll try again on ${next}. Updating your card tries again straight away.`
            : `Updating your card tries again straight away.`,
          `Your box is held until it's paid for.`,
        ],
        button: { label: "Update your card", url: page },
        reason,
      });
    case "card_reminder":
      return renderEmail({
        subject: `A reminder: your ${plan} box is waiting for payment`,
        preheader: `Please update your card so we can send your box for the week of ${date}.`,
        heading: `Your box is still waiting, ${sub.name}`,
        paragraphs: [
          `We couldn't charge ${amount} to ${card} for your box for the week of ${date}, so it's held until it's paid for.`,
          next
            ? `We'll try the card again on ${next}. Updating your card tries again straight away.`
            : `Updating your card tries again straight away.`,
        ],
        sections: [inBox],
        button: { label: "Update your card", url: page },
        reason,
      });
    case "paused":
      return renderEmail({
        subject: `Your ${s.brandName} subscription is paused`,
        preheader: `We couldn't take payment for your box, so we've paused your deliveries.`,
        heading: `Your subscription is paused, ${sub.name}`,
        paragraphs: [
          `We tried to charge ${card} for your box for the week of ${date} five times over a week, and each payment was declined, so that box won't be sent.`,
          `We've paused your subscription rather than cancelling it. Update your card and resume deliveries whenever you're ready.`,
        ],
        button: { label: "Update your card and resume", url: page },
        reason,
      });
    case "prepaid_over":
      return renderEmail({
        subject: `Your ${s.brandName} gift boxes have finished`,
        preheader: `Your credit has paid for every box it could, so your subscription has ended.`,
        heading: `Your prepaid boxes are done, ${sub.name}`,
        paragraphs: [
          `Your credit has paid for every box it could, and there's no card on your subscription, so it has ended. The box of the week starting ${date} won't be sent, and nothing has been charged.`,
          ...(credit > 0
            ? [`${money(credit)} of credit stays on your account for your next boxes.`]
            : []),
          `We hope you enjoyed your garden. You can start a subscription of your own whenever you like.`,
        ],
        button: { label: "Start a subscription", url: `${s.siteUrl}${paths.subscribe(box.plan)}` },
        reason,
      });
  }
}

/**
 * Three days before a prepaid subscription's box: its credit pays for it (and whether it's the
 * last box it pays for), or it doesn't, and the subscription ends at the cutoff unless the member
 * adds a card. Either way nothing is charged to a card the member didn't choose.
 */
function prepaidReminder(
  box: BoxRow,
  sub: SubscriptionRow,
  credit: number,
  w: { plan: string; date: string; amount: string; page: string; reason: string },
) {
  const cutoff = nzDay.format(box.cutoffAt);
  const inBox = {
    heading: "In this box",
    items: box.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)),
  };
  if (credit >= box.amount) {
    const last = credit - box.amount < sub.price;
    return renderEmail({
      subject: `Your ${w.plan} box for the week of ${w.date}`,
      preheader: last
        ? `It's the last box your credit pays for. Add a card to keep them coming.`
        : `Your credit pays for it: nothing is charged to a card.`,
      heading: `Your next box is nearly ready, ${sub.name}`,
      paragraphs: [
        `Your ${w.plan} box arrives in the week starting ${w.date}. Your credit pays for it (${w.amount}) on ${cutoff}: nothing is charged to a card. Until then you can skip this box or swap what's in it.`,
        ...(last
          ? [
              `It's the last box your credit pays for. To keep your boxes coming after it, add a card on your subscription page; without one, your subscription ends after this box and nothing is ever charged.`,
            ]
          : []),
      ],
      sections: [inBox],
      button: {
        label: last ? "Add a card or change this box" : "Skip or change this box",
        url: w.page,
      },
      reason: w.reason,
    });
  }
  return renderEmail({
    subject: `Your prepaid boxes end on ${cutoff}`,
    preheader: `Add a card by then to keep your boxes coming; otherwise nothing is charged.`,
    heading: `Your credit has paid for its boxes, ${sub.name}`,
    paragraphs: [
      `Your credit doesn't cover the ${w.plan} box of the week starting ${w.date} (${w.amount}), and there's no card on your subscription.`,
      `To keep your boxes coming, add a card on your subscription page before ${cutoff}: we'll charge it for this box, less any credit left. If you don't, your subscription ends then and nothing is charged.`,
    ],
    button: { label: "Add a card to keep your boxes", url: w.page },
    reason: w.reason,
  });
}

export async function sendBoxEmail(payload: BoxEmailPayload): Promise<DeliveryResult | "skipped"> {
  const row = await withItsSubscription(boxes, payload.boxId);
  if (!row) return "skipped";
  const { record: box, sub } = row;
  // A reminder for a box skipped since it was queued is not sent.
  if (payload.kind === "reminder" && box.status === "skipped") return "skipped";
  // A prepaid subscription's e-mails speak of its credit rather than a card.
  const credit = sub.providerPaymentMethodId ? 0 : await balanceOf(db(), sub.userId);
  return deliverSubscriptionEmail(sub, {
    key: boxEmailKey(payload),
    template: `subscription-box-${payload.kind.replace("_", "-")}`,
    message: () => ({ to: sub.email, ...boxEmail(box, sub, payload, credit) }),
  });
}

export function boxEmailKey(payload: Pick<BoxEmailPayload, "boxId" | "kind" | "attempt">) {
  return `box-email:${payload.boxId}:${payload.kind}:${payload.attempt}`;
}

export const sendBoxEmailJob = defineSendJob(
  "subscriptions.send-box-email",
  boxEmailPayload,
  sendBoxEmail,
);
