// An admin refunds a paid gift nobody has redeemed (ADR 049). In one transaction with the gift
// locked (redeeming locks it too, so only one of them wins): the gift becomes `refunded`, which
// no code finds any more; the provider's refund is queued (Stripe gives the money back under a
// key of the gift's, so a rerun is the same refund; the demo provider took none), and so is the
// buyer's e-mail. A redeemed gift is money in the recipient's ledger: its boxes are refunded on
// their subscription instead.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { gifts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure } from "#app/lib/outcome.ts";
import { defineJob, enqueue } from "#app/lib/queue.server.ts";
import {
  providerRefunds,
  refundStripePayment,
  REFUND_JOB_RETRIES,
} from "#app/modules/payments/stripe.server.ts";
import { ADMIN_GIFT_MESSAGES, refundGiftSchema } from "./admin-gifts.schema.ts";
import { giftAct, notActionable } from "./act-on-gift.server.ts";
import { sendGiftEmailJob } from "./send-gift-email.server.ts";

export const refundGift = giftAct({
  schema: refundGiftSchema,
  kind: "refund",
  done: () => ADMIN_GIFT_MESSAGES.refundedDone,
  act: async (tx, gift, _input, now) => {
    if (gift.redeemedAt) return failure("conflict", ADMIN_GIFT_MESSAGES.redeemed);
    const refused = notActionable(gift);
    if (refused) return refused;
    await tx
      .update(gifts)
      .set({ status: "refunded", refundedAt: now, updatedAt: now })
      .where(eq(gifts.id, gift.id));
    await enqueue(
      tx,
      refundGiftPaymentJob,
      { giftId: gift.id },
      { singletonKey: `gift-refund-payment:${gift.id}` },
    );
    await enqueue(
      tx,
      sendGiftEmailJob,
      { giftId: gift.id, kind: "refund" },
      { singletonKey: `gift-refund:${gift.id}` },
    );
    return {
      details: {
        amount: gift.amount,
        currency: gift.currency,
        provider: gift.paymentProvider,
        moneyReturned: providerRefunds(gift.paymentProvider),
      },
    };
  },
});

/** Gives a refunded gift's money back through Stripe (the demo provider took none). */
export async function refundGiftPayment(giftId: string): Promise<"refunded" | "skipped"> {
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, giftId));
  if (gift?.status !== "refunded" || !gift.paymentReference) return "skipped";
  if (!providerRefunds(gift.paymentProvider)) return "skipped";
  await refundStripePayment(gift.paymentReference, gift.id, `gift-${gift.id}-refund`);
  return "refunded";
}

export const refundGiftPaymentJob = defineJob({
  name: "gifts.refund-payment",
  payload: z.object({ giftId: z.uuid() }),
  ...REFUND_JOB_RETRIES,
  handle: async ({ giftId }) => {
    await refundGiftPayment(giftId);
  },
});
