// Buying a gift box (issue 22, ADR 043): 3, 6 or 12 months of a plan for someone else, paid by the
// buyer now. The gift is written first under the page's key (a retried or doubled submit finds the
// same gift and never pays twice), then paid: the demo card at once (its reference is the gift's,
// so a second "charge" is the same one), or with Stripe a PaymentIntent keyed by the gift that the
// Payment Element confirms in the browser. Once paid, its e-mails are queued (settle-gift-payment).
// Starting a gift counts as starting a checkout (the checkout's limits per address, ADR 021).
import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { gifts } from "#db/schema/index.ts";
import { db, isDatabaseUnavailable } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { log } from "#app/lib/log.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { checkoutFieldErrors } from "#app/modules/checkout/checkout.schema.ts";
import { limitCheckoutRate } from "#app/modules/checkout/checkout-limits.server.ts";
import { chargeDemoCard } from "#app/modules/payments/demo-payments.server.ts";
import { createPayment, paymentIntentSecret } from "#app/modules/payments/stripe.server.ts";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import { giftCodeColumns, giftCodeFor } from "./gift-code.server.ts";
import {
  buyGiftSchema,
  demoBuyGiftSchema,
  GIFT_MESSAGES,
  giftPrice,
  recipientRegionOf,
  sendOnRange,
  type BuyGiftInput,
} from "./gifts.schema.ts";
import { giftWords } from "./send-gift-email.server.ts";
import {
  GIFT_PAYMENT_PURPOSE,
  markGiftDeclined,
  markGiftPaid,
} from "./settle-gift-payment.server.ts";

export type BuyGiftOutcome = Outcome<
  | { giftId: string; status: "paid" }
  | {
      giftId: string;
      status: "requires_payment";
      clientSecret: string;
      publishableKey: string;
      amount: number;
    },
  { declined?: boolean }
>;

/** Who is buying: their connection (for the checkout's limits) and account, if signed in. */
export interface GiftBuyer {
  ip: string;
  userId?: string | null;
}

export async function buyGift(
  raw: unknown,
  buyer: GiftBuyer,
  now = new Date(),
): Promise<BuyGiftOutcome> {
  const s = settings();
  const provider = s.stripe ? "stripe" : s.isProduction ? null : "demo";
  const parsed = (provider === "demo" ? demoBuyGiftSchema : buyGiftSchema).safeParse(raw);
  // Their region, or their postcode's (ADR 079): one the buyer hasn't seen is said first.
  const place = recipientRegionOf(raw);
  if (!parsed.success || !place.ok)
    return failure("invalid", GIFT_MESSAGES.failed, {
      fieldErrors: {
        ...(place.ok ? {} : { [place.field]: place.message }),
        ...(parsed.success ? {} : checkoutFieldErrors(parsed.error)),
      },
    });
  if (!provider) return failure("unavailable", GIFT_MESSAGES.noPayments);
  const input: BuyGiftInput & { card?: { number: string; expiry: string } } = {
    ...parsed.data,
    recipientRegion: place.region,
  };
  const range = sendOnRange(now);
  if (input.sendOn < range.min || input.sendOn > range.max)
    return failure("invalid", GIFT_MESSAGES.failed, {
      fieldErrors: { sendOn: GIFT_MESSAGES.sendOn },
    });

  try {
    const rate = await limitCheckoutRate(buyer.ip, now);
    if (!rate.allowed) return failure("limited", rate.message, { retryAfter: rate.retryAfter });
    const gift = await giftForAttempt(input, provider, buyer, now);
    if (gift.status === "paid") return { ok: true, giftId: gift.id, status: "paid" };

    if (provider === "stripe") {
      const secret = gift.paymentReference
        ? await paymentIntentSecret(gift.paymentReference)
        : null;
      let clientSecret = secret;
      if (!clientSecret) {
        const intent = await createPayment({
          amount: gift.amount,
          currency: gift.currency,
          email: gift.buyerEmail,
          description: `Patch gift: ${giftWords(gift)} for ${gift.recipientName}`,
          metadata: { purpose: GIFT_PAYMENT_PURPOSE, giftId: gift.id },
          idempotencyKey: `gift-${gift.id}-payment-intent`,
        });
        await db()
          .update(gifts)
          .set({ paymentReference: intent.id, updatedAt: now })
          .where(eq(gifts.id, gift.id));
        clientSecret = intent.clientSecret;
      }
      return {
        ok: true,
        giftId: gift.id,
        status: "requires_payment",
        clientSecret,
        publishableKey: s.stripe!.publishableKey,
        amount: gift.amount,
      };
    }

    const charge = chargeDemoCard(input.card!, gift.id, now);
    if (!charge.ok) {
      await markGiftDeclined(gift.id, charge.message, now);
      return failure("invalid", charge.message, { declined: true });
    }
    await db().transaction((tx) => markGiftPaid(tx, gift.id, charge.reference, now));
    return { ok: true, giftId: gift.id, status: "paid" };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, "gift: database unavailable");
      return failure("unavailable", GIFT_MESSAGES.unavailable, { retryAfter: 5 });
    }
    throw error;
  }
}

/**
 * The gift this submit pays for: made under the page's key, or the one a first submit of the key
 * made. An unpaid one (a declined card) takes this submit's details, as it was never sent.
 */
async function giftForAttempt(
  input: BuyGiftInput,
  provider: "demo" | "stripe",
  buyer: GiftBuyer,
  now: Date,
) {
  const plan = findPlan(input.plan)!;
  const amount = giftPrice(plan.price, input.months);
  const details = {
    buyerName: input.buyerName,
    buyerEmail: input.buyerEmail,
    buyerUserId: buyer.userId ?? null,
    recipientName: input.recipientName,
    recipientEmail: input.recipientEmail,
    message: input.message || null,
    plan: plan.id,
    months: input.months,
    monthlyPrice: plan.price,
    amount,
    gst: gstIncluded(amount),
    currency: settings().currency,
    sendOn: input.sendOn,
    recipientRegion: input.recipientRegion,
    updatedAt: now,
  };
  const id = randomUUID();
  const [made] = await db()
    .insert(gifts)
    .values({
      id,
      idempotencyKey: input.idempotencyKey,
      ...details,
      ...giftCodeColumns(giftCodeFor(id)),
      paymentProvider: provider,
      createdAt: now,
    })
    .onConflictDoNothing({ target: gifts.idempotencyKey })
    .returning();
  if (made) return made;
  const [found] = await db()
    .select()
    .from(gifts)
    .where(eq(gifts.idempotencyKey, input.idempotencyKey));
  // A Stripe payment under way keeps the amount its intent was made for.
  if (!found || found.status === "paid" || found.paymentReference) return found!;
  const [updated] = await db()
    .update(gifts)
    .set(details)
    .where(and(eq(gifts.id, found.id), ne(gifts.status, "paid")))
    .returning();
  return updated ?? found;
}
