// The e-mails about a month's box (issue 21, ADR 032): three days before the charge (the box, its
// date, the amount, and links to skip or change it), the receipt when it is paid, each failed
// payment with a link to update the card and when we'll try again, and the pause after the last
// retry. Queued in the transaction that made the change; each sent at most once, keyed by box,
// kind and attempt (ADR 005).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { boxes, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { formatMoney } from "#app/lib/money.ts";
import {
  deliverEmailOnce,
  type DeliveryResult,
  defineSendJob,
} from "#app/modules/notifications/deliver-once.server.ts";
import { formatBoxDate } from "./box-dates.ts";
import { findPlan } from "./plans.ts";

/** The member's subscription page (issue 21's nested account routes): skip, change, update card. */
export const MEMBER_SUBSCRIPTION_PATH = "/profile/subscription";

export const BOX_EMAIL_KINDS = [
  "reminder",
  "charged",
  "payment_failed",
  "retry_failed",
  "paused",
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

export function boxEmail(box: BoxRow, sub: SubscriptionRow, payload: BoxEmailPayload) {
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
  switch (payload.kind) {
    case "reminder":
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
          `We've charged ${amount} to ${card}. Your ${plan} box arrives in the week starting ${date}.`,
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
  }
}

export async function sendBoxEmail(payload: BoxEmailPayload): Promise<DeliveryResult | "skipped"> {
  const [row] = await db()
    .select({ box: boxes, sub: subscriptions })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .where(eq(boxes.id, payload.boxId));
  if (!row) return "skipped";
  const { box, sub } = row;
  // A reminder for a box skipped since it was queued is not sent.
  if (payload.kind === "reminder" && box.status === "skipped") return "skipped";
  return deliverEmailOnce({
    key: boxEmailKey(payload),
    template: `subscription-box-${payload.kind.replace("_", "-")}`,
    to: sub.email,
    resourceType: "subscription",
    resourceId: sub.id,
    message: () => ({ to: sub.email, ...boxEmail(box, sub, payload) }),
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
