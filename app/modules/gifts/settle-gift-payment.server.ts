// A gift's payment settled (ADR 043): the gift marked paid once, guarded by its status, in the
// same transaction as its e-mails' jobs (the receipt now, the recipient's code on the chosen day
// via pg-boss's startAfter), so a retried submit, Stripe's return and its webhook arriving twice
// or together never queue them twice. With Stripe, the PaymentIntent is read from Stripe itself,
// never from the browser's or the event's word.
import { and, eq, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { gifts } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { z } from "#app/lib/zod.ts";
import { retrieveStripePayment } from "#app/modules/payments/stripe.server.ts";
import {
  ALREADY_HANDLED,
  answerStripeEvent,
  stripeEventSeen,
  type StripeEventOutcome,
} from "#app/modules/payments/stripe-events.server.ts";
import { codeEmailAt, sendGiftEmailJob } from "./send-gift-email.server.ts";

/** The metadata a gift's PaymentIntent carries, so its webhook events come here. */
export const GIFT_PAYMENT_PURPOSE = "gift";

/** Marks the gift paid and queues its e-mails, unless it already was. */
export async function markGiftPaid(
  tx: Database,
  giftId: string,
  reference: string,
  now: Date,
): Promise<"paid" | "already-paid"> {
  const [paid] = await tx
    .update(gifts)
    .set({
      status: "paid",
      paidAt: now,
      paymentReference: reference,
      paymentError: null,
      updatedAt: now,
    })
    .where(and(eq(gifts.id, giftId), ne(gifts.status, "paid")))
    .returning({ id: gifts.id, sendOn: gifts.sendOn });
  if (!paid) return "already-paid";
  await enqueue(
    tx,
    sendGiftEmailJob,
    { giftId, kind: "receipt" },
    { singletonKey: `gift-receipt:${giftId}` },
  );
  const at = codeEmailAt(paid.sendOn, now);
  await enqueue(
    tx,
    sendGiftEmailJob,
    { giftId, kind: "code", sendOn: paid.sendOn },
    { singletonKey: `gift-code:${giftId}`, ...(at > now ? { startAfter: at } : {}) },
  );
  return "paid";
}

/** A declined attempt: said on the gift (for a retry) unless it was paid meanwhile. */
export async function markGiftDeclined(giftId: string, message: string, now: Date): Promise<void> {
  await db()
    .update(gifts)
    .set({ status: "payment_failed", paymentError: message, updatedAt: now })
    .where(and(eq(gifts.id, giftId), ne(gifts.status, "paid")));
}

/**
 * Back from Stripe, or told by its webhook: the gift is paid once Stripe says its PaymentIntent
 * succeeded. Answers whether it is paid now.
 */
export async function finishStripeGift(giftId: unknown, now = new Date()): Promise<boolean> {
  const id = z.uuid().safeParse(giftId);
  if (!id.success) return false;
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, id.data));
  if (!gift) return false;
  if (gift.status === "paid") return true;
  if (gift.paymentProvider !== "stripe" || !gift.paymentReference) return false;
  if ((await retrieveStripePayment(gift.paymentReference)) !== "succeeded") return false;
  const reference = gift.paymentReference;
  await db().transaction((tx) => markGiftPaid(tx, gift.id, reference, now));
  return true;
}

export function isGiftEvent(event: Stripe.Event): boolean {
  if (!event.type.startsWith("payment_intent.")) return false;
  const metadata = (event.data.object as { metadata?: Record<string, string> | null }).metadata;
  return metadata?.purpose === GIFT_PAYMENT_PURPOSE;
}

/**
 * A gift's PaymentIntent event, already verified by the webhook flow: a success settles the gift
 * (reading the intent from Stripe), a failure is kept for the buyer's retry. De-duplicated by the
 * event's id after its effect (which is idempotent), as the subscriptions' events are.
 */
export async function handleGiftStripeEvent(event: Stripe.Event): Promise<StripeEventOutcome> {
  if (await stripeEventSeen(event)) return ALREADY_HANDLED;
  const intent = event.data.object as Stripe.PaymentIntent;
  const giftId = intent.metadata?.giftId;
  if (event.type === "payment_intent.succeeded") await finishStripeGift(giftId);
  else if (event.type === "payment_intent.payment_failed" && z.uuid().safeParse(giftId).success)
    await markGiftDeclined(
      giftId!,
      intent.last_payment_error?.message ??
        "Your payment didn't go through. No money has been taken: please try again.",
      new Date(),
    );
  return answerStripeEvent(event);
}
