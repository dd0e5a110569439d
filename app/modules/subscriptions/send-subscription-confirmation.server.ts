// The confirmation e-mail when a subscription starts (issue 21): the first box's week and what is
// in it, the monthly price with its GST, the address. Queued in the transaction that starts the
// subscription and sent at most once (key subscription-started:<id>, ADR 005).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { subscriptions } from "#db/schema/index.ts";
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
import { firstChargeOf } from "./get-subscription.server.ts";
import { findPlan, prepaidBoxesLeft } from "./plans.ts";
import { deliverSubscriptionEmail } from "./subscription-email.server.ts";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * `firstCharge` is what paid the first box when the member's credit paid some of it (ADR 040);
 * `creditLeft` the credit left after it, which a prepaid subscription (no card: a gift's, ADR 043)
 * pays its later boxes with.
 */
export function subscriptionStartedEmail(
  sub: SubscriptionRow,
  firstCharge: { credit: number; card: number } = { credit: 0, card: sub.price },
  creditLeft = 0,
) {
  const s = settings();
  const money = (cents: number) => formatMoney(cents, sub.currency);
  const plan = findPlan(sub.plan);
  const a = sub.address;
  return {
    to: sub.email,
    ...renderEmail({
      subject: `Your ${s.brandName} subscription has started`,
      preheader: `Your first box arrives in the week starting ${formatBoxDate(sub.nextBoxOn)}.`,
      heading: `Welcome to ${s.brandName}, ${sub.name}!`,
      paragraphs: [
        `Your ${plan?.size ?? sub.plan} garden subscription is active. Your first box arrives in the week starting ${formatBoxDate(sub.nextBoxOn)}.`,
        ...(plan ? [`In your first box: ${plan.detailedFeatures.included.join("; ")}.`] : []),
        sub.providerPaymentMethodId
          ? `${money(sub.price)} a month with free shipping. Includes GST of ${money(gstIncluded(sub.price))}. ${paidToday(firstCharge, sub.cardLabel ?? "card", money)} We charge the same card for each later box.`
          : `${money(sub.price)} a month with free shipping. Includes GST of ${money(gstIncluded(sub.price))}. ${prepaidWords(creditLeft, sub.price)} No card is saved: when your credit runs out your subscription ends, and nothing is charged unless you add a card to keep your boxes coming.`,
        `Delivering to: ${[a.street, a.suburb, a.city, `${a.state} ${a.zip}`, a.country].filter(Boolean).join(", ")}${a.rural ? " (rural delivery)" : ""}.`,
        `Questions? Reply to this e-mail or call us on ${s.contactPhone}.`,
      ],
      button: {
        label: "See your subscription",
        url: `${s.siteUrl}${paths.subscribeConfirmed(sub.id)}`,
      },
      reason: `You're getting this because you started a ${s.brandName} subscription at ${s.siteUrl}.`,
    }),
  };
}

function prepaidWords(credit: number, price: number): string {
  const n = prepaidBoxesLeft(credit, price);
  if (n === 0) return "Your first box is paid from your credit.";
  return `Your first box is paid from your credit, and so ${n === 1 ? "is the next box" : `are the next ${n} boxes`}.`;
}

function paidToday(
  { credit, card }: { credit: number; card: number },
  cardLabel: string,
  money: (cents: number) => string,
): string {
  if (credit <= 0) return `Paid today with your ${cardLabel}.`;
  if (card <= 0)
    return `Your credit of ${money(credit)} paid for your first box, so your card wasn't charged today.`;
  return `Your credit paid ${money(credit)} of your first box and your ${cardLabel} was charged ${money(card)} today.`;
}

export const subscriptionConfirmationPayload = z.object({ subscriptionId: z.uuid() });

export async function sendSubscriptionConfirmation(
  payload: z.infer<typeof subscriptionConfirmationPayload>,
): Promise<DeliveryResult | "skipped"> {
  const [sub] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, payload.subscriptionId));
  if (!sub) return "skipped";
  const credit = sub.providerPaymentMethodId ? 0 : await balanceOf(db(), sub.userId);
  return deliverSubscriptionEmail(sub, {
    key: `subscription-started:${sub.id}`,
    template: "subscription-started",
    message: async () =>
      subscriptionStartedEmail(sub, await firstChargeOf(sub.id, sub.price), credit),
  });
}

export const sendSubscriptionConfirmationJob = defineSendJob(
  "subscriptions.send-confirmation",
  subscriptionConfirmationPayload,
  sendSubscriptionConfirmation,
);
