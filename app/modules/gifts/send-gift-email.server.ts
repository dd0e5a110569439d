// A gift's e-mails (ADR 043), each sent at most once (ADR 005): the buyer's receipt when it is
// paid; the recipient's e-mail with the code, on the day the buyer chose (queued with pg-boss's
// startAfter at 08:00 New Zealand time that day, or at once when the day is today); and, when the
// code is redeemed where we don't deliver yet, the note that the gift is kept for them. Since ADR
// 049 also: an admin's re-send of the recipient's e-mail (its own delivery key per request), the
// day moved by an admin (the old day's job carries its day, finds the gift's is another and
// does nothing: the new day has its own job), and the buyer's note that a refunded gift's money is on its way back.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { gifts, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { nzWallClock } from "#app/lib/nz-time.ts";
import { paths } from "#app/lib/paths.ts";
import {
  defineSendJob,
  deliverEmailOnce,
  type DeliveryResult,
} from "#app/modules/notifications/deliver-once.server.ts";
import { formatBoxDate, nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import { formatGiftCode } from "./gift-code.ts";
import { giftCodeColumns, giftCodeFor, giftCodeHash } from "./gift-code.server.ts";
import { giftBuyerLink } from "./gift-buyer-link.server.ts";
import { GIFT_SEND_HOUR, giftRegionWords } from "./gifts.schema.ts";
import { isRegionOpen } from "#app/modules/subscriptions/regions.server.ts";

export type GiftRow = typeof gifts.$inferSelect;

export const GIFT_EMAIL_KINDS = ["receipt", "code", "held", "refund", "manage-link"] as const;
export const giftEmailPayload = z.object({
  giftId: z.uuid(),
  kind: z.enum(GIFT_EMAIL_KINDS),
  /**
   * An admin's or the buyer's re-send of the code e-mail, or a buyer's fresh link to their gift's
   * page (ADR 076): its request key, so it is sent once more, once.
   */
  resend: z.string().min(1).max(100).optional(),
  /**
   * The code e-mail's day when its job was queued: an admin may have moved it since (ADR 049),
   * and then this job sends nothing (the new day has its own).
   */
  sendOn: z.iso.date().optional(),
});
export type GiftEmailPayload = z.infer<typeof giftEmailPayload>;

/** When the recipient's e-mail goes: 08:00 in New Zealand on its day, or now if that is today. */
export function codeEmailAt(sendOn: string, now: Date): Date {
  if (sendOn <= nzToday(now)) return now;
  const [year, month, day] = sendOn.split("-").map(Number);
  return nzWallClock({ year: year!, month: month!, day: day! }, GIFT_SEND_HOUR);
}

/** "3 months of the 1m² box" */
export function giftWords(gift: Pick<GiftRow, "months" | "plan">): string {
  return `${gift.months} months of the ${findPlan(gift.plan)?.size ?? gift.plan} box`;
}

/**
 * The e-mail of this kind. `code` is the gift's code (the recipient's e-mail); `to` the address
 * it goes to when not the gift's own (the held note goes to whoever redeemed it).
 */
export function giftEmail(
  gift: GiftRow,
  kind: GiftEmailPayload["kind"],
  options: { code?: string; to?: string; regionOpen?: boolean; now?: Date } = {},
) {
  const s = settings();
  const money = (cents: number) => formatMoney(cents, gift.currency);
  const what = giftWords(gift);
  const sendDay = formatBoxDate(gift.sendOn);
  switch (kind) {
    case "receipt": {
      const today = gift.paidAt ? gift.sendOn <= nzToday(gift.paidAt) : false;
      return {
        to: gift.buyerEmail,
        ...renderEmail({
          subject: `Receipt: your ${s.brandName} gift for ${gift.recipientName}`,
          preheader: `Paid ${money(gift.amount)} for ${what}.`,
          heading: `Thank you, ${gift.buyerName}`,
          paragraphs: [
            `You've given ${gift.recipientName} ${what}: a box of seasonal seedlings, seed and compost each month, with free shipping.`,
            `Paid ${money(gift.amount)} (${gift.months} × ${money(gift.monthlyPrice)}). Includes GST of ${money(gift.gst)}. Reference: ${gift.paymentReference ?? "—"}.`,
            today
              ? `We've e-mailed ${gift.recipientName} at ${gift.recipientEmail} today with the code that starts their boxes.`
              : `We'll e-mail ${gift.recipientName} at ${gift.recipientEmail} on ${sendDay} with the code that starts their boxes.`,
            ...(gift.recipientRegion
              ? [
                  giftRegionWords(
                    gift.recipientRegion,
                    options.regionOpen ?? false,
                    gift.recipientName,
                  ),
                ]
              : []),
            `It's prepaid and never renews onto their card: their boxes stop after the gift unless they choose to carry on with their own.`,
            `Your gift's page lets you change the day their e-mail goes, re-send it, see when it's redeemed and print a card with the code.`,
            `Questions? Reply to this e-mail or call us on ${s.contactPhone}.`,
          ],
          button: {
            label: "Manage your gift",
            url: giftBuyerLink(gift.id, gift.paidAt ?? new Date()),
          },
          reason: `You're getting this because you bought a gift at ${s.siteUrl}.`,
        }),
      };
    }
    case "manage-link": {
      return {
        to: gift.buyerEmail,
        ...renderEmail({
          subject: `A new link to your ${s.brandName} gift for ${gift.recipientName}`,
          preheader: `Manage your gift of ${what}.`,
          heading: `Your gift for ${gift.recipientName}`,
          paragraphs: [
            `Kia ora ${gift.buyerName}, here's a new link to your gift's page (${what}). There you can change the day their e-mail goes, re-send it, see when it's redeemed and print a card with the code.`,
            `If you didn't ask for this, you can ignore it: the link only works from this e-mail.`,
          ],
          button: {
            label: "Manage your gift",
            url: giftBuyerLink(gift.id, options.now ?? new Date()),
          },
          reason: `You're getting this because a new link to your gift's page was asked for at ${s.siteUrl}.`,
        }),
      };
    }
    case "code": {
      const formatted = formatGiftCode(options.code!);
      return {
        to: gift.recipientEmail,
        ...renderEmail({
          subject: `${gift.buyerName} has sent you a ${s.brandName} garden box gift`,
          preheader: `${what}, prepaid. Your code: ${formatted}`,
          heading: `A gift for you, ${gift.recipientName}`,
          paragraphs: [
            `${gift.buyerName} has given you ${what} from ${s.brandName}: seasonal seedlings, seed, compost and the month's growing guide, delivered each month with free shipping.`,
            `Your gift code: ${formatted}`,
            `To start, open the link below, sign in or create an account, and tell us where to deliver. It's prepaid: we never charge a card unless you choose to keep your boxes coming after the gift.`,
          ],
          sections: gift.message
            ? [{ heading: `A message from ${gift.buyerName}`, text: gift.message }]
            : undefined,
          button: { label: "Redeem your gift", url: `${s.siteUrl}${paths.giftRedeem(formatted)}` },
          reason: `You're getting this because ${gift.buyerName} bought you a gift at ${s.siteUrl}.`,
        }),
      };
    }
    case "refund": {
      const returned = gift.paymentProvider === "stripe";
      return {
        to: gift.buyerEmail,
        ...renderEmail({
          subject: `Refund: your ${s.brandName} gift for ${gift.recipientName}`,
          preheader: `We've refunded ${money(gift.amount)} for ${what}.`,
          heading: `Your gift has been refunded`,
          paragraphs: [
            `Kia ora ${gift.buyerName}, we've refunded your gift of ${what} for ${gift.recipientName}.`,
            returned
              ? `${money(gift.amount)} is on its way back to the card you paid with. Banks usually show it within 5 to 10 working days.`
              : `${money(gift.amount)} is refunded. Reference: ${gift.paymentReference ?? "—"}.`,
            `Its gift code no longer works, so nobody can start boxes with it.`,
            `Questions? Reply to this e-mail or call us on ${s.contactPhone}.`,
          ],
          reason: `You're getting this because you bought a gift at ${s.siteUrl}.`,
        }),
      };
    }
    case "held": {
      const region = gift.redeemedRegion ?? "your region";
      return {
        to: options.to ?? gift.recipientEmail,
        ...renderEmail({
          subject: `Your ${s.brandName} gift is kept for ${region}`,
          preheader: `Your place on the ${region} waitlist and ${money(gift.amount)} of credit are held for you.`,
          heading: `Your gift is waiting for you`,
          paragraphs: [
            `We don't deliver to ${region} yet, so we've kept your place on its waitlist and your gift (${what}) as ${money(gift.amount)} of credit on your account.`,
            `The day we open in ${region} we'll e-mail you. Then start your prepaid boxes on the gift page: no card needed.`,
          ],
          button: { label: "See your gift", url: `${s.siteUrl}${paths.giftRedeem()}` },
          reason: `You're getting this because you redeemed a gift at ${s.siteUrl}.`,
        }),
      };
    }
  }
}

export async function sendGiftEmail(
  payload: GiftEmailPayload,
  now = new Date(),
): Promise<DeliveryResult | "skipped"> {
  let [gift] = await db().select().from(gifts).where(eq(gifts.id, payload.giftId));
  if (!gift || gift.status !== (payload.kind === "refund" ? "refunded" : "paid")) return "skipped";
  const regionOpen =
    payload.kind === "receipt" && gift.recipientRegion
      ? await isRegionOpen(gift.recipientRegion)
      : undefined;
  let code: string | undefined;
  if (payload.kind === "code") {
    // The day was moved since this job was queued: the new day's job sends it. (A job queued
    // before jobs carried their day goes by the clock: not before the gift's day.)
    if (
      !payload.resend &&
      (payload.sendOn ? payload.sendOn !== gift.sendOn : gift.sendOn > nzToday(now))
    )
      return "skipped";
    // Sent already (an admin re-sent it before its day): its day's job has nothing left to send.
    if (!payload.resend && gift.sentAt) return "skipped";
    // A redeemed gift's code is spent: a re-send queued before it was redeemed does nothing.
    if (payload.resend && gift.redeemedAt) return "skipped";
    code = giftCodeFor(gift.id);
    // AUTH_SECRET changed since the gift was made: the new code is the one sent, so it is the one
    // kept (the old one was never sent to anyone). On an admin's re-send the old one may have gone
    // out: it can't be worked out any more, so the fresh code replaces it (ADR 049).
    if (giftCodeHash(code) !== gift.codeHash && (!gift.sentAt || payload.resend))
      [gift] = await db()
        .update(gifts)
        .set({ ...giftCodeColumns(code), updatedAt: now })
        .where(eq(gifts.id, gift.id))
        .returning();
  }
  const sent = gift!;
  const to =
    payload.kind === "receipt" || payload.kind === "refund" || payload.kind === "manage-link"
      ? sent.buyerEmail
      : payload.kind === "held"
        ? await accountEmail(sent.redeemedBy)
        : sent.recipientEmail;
  if (!to) return "skipped";
  const result = await deliverEmailOnce({
    key: payload.resend
      ? `gift-${payload.kind}:${sent.id}:resend:${payload.resend}`
      : `gift-${payload.kind}:${sent.id}`,
    template: `gift-${payload.kind}`,
    to,
    resourceType: "gift",
    resourceId: sent.id,
    message: () => giftEmail(sent, payload.kind, { code, to, regionOpen, now }),
  });
  if (payload.kind === "code")
    await db()
      .update(gifts)
      .set({ sentAt: now, updatedAt: now })
      .where(and(eq(gifts.id, sent.id), isNull(gifts.sentAt)));
  return result;
}

/** The address of the account that redeemed a gift (it may not be the one the code went to). */
async function accountEmail(userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

export const sendGiftEmailJob = defineSendJob("gifts.send-email", giftEmailPayload, sendGiftEmail);
