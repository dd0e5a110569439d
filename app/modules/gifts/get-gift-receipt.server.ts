// What the buyer's confirmation page (/gift/sent) shows of a gift: what was bought and paid, for
// whom, and when their e-mail goes. Only to whoever has the gift's id (a random UUID, in the
// address the purchase sent them to, as an order's confirmation: ADR 021). Never the code.
import { eq } from "drizzle-orm";
import { gifts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { z } from "#app/lib/zod.ts";
import { formatBoxDate, nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import { giftWords } from "./send-gift-email.server.ts";

export async function getGiftReceipt(id: unknown) {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) return null;
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, parsed.data));
  if (!gift) return null;
  return {
    id: gift.id,
    status: gift.status,
    paymentProvider: gift.paymentProvider,
    paymentError: gift.paymentError,
    what: giftWords(gift),
    planSize: findPlan(gift.plan)?.size ?? gift.plan,
    months: gift.months,
    monthlyPrice: gift.monthlyPrice,
    amount: gift.amount,
    gst: gift.gst,
    currency: gift.currency,
    recipientName: gift.recipientName,
    recipientEmail: gift.recipientEmail,
    buyerEmail: gift.buyerEmail,
    sendOn: formatBoxDate(gift.sendOn),
    /** The recipient's e-mail went (or goes) the day it was paid. */
    sendsToday: gift.sendOn <= nzToday(gift.paidAt ?? new Date()),
    sent: Boolean(gift.sentAt),
    reference: gift.paymentReference,
  };
}

export type GiftReceipt = NonNullable<Awaited<ReturnType<typeof getGiftReceipt>>>;
