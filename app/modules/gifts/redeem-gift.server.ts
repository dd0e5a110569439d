// Redeeming a gift code (issue 22, ADR 043). A signed-in member types the code (or follows the
// e-mail's link) and says where and which week the boxes go. Its value goes into the credits
// ledger as one 'gift' row (ADR 040), and then, in the same transaction:
// - in an open region, a prepaid subscription starts (no card; the credit pays its boxes);
// - with a subscription already running, the credit simply pays its next boxes before the card;
// - in a region we don't deliver to yet, their place on its waitlist is held with the credit, and
//   the prepaid boxes start from here once the region opens (startHeldGift).
// A code is redeemed once: the gift's row is locked for the redemption, so two members, or two
// tabs, pressing at once get one answer each and one redemption. Every lookup and attempt counts
// against a limit per member and per connection: codes can't be found by trying.
import { and, eq, isNull, sql } from "drizzle-orm";
import { gifts, type GiftRedemption } from "#db/schema/index.ts";
import { clientKey } from "#app/lib/client-ip.server.ts";
import { db, isDatabaseUnavailable, type Database } from "#app/lib/db.server.ts";
import { log } from "#app/lib/log.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import type { z } from "#app/lib/zod.ts";
import { failure, fieldErrors, type Failure, type Outcome } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";
import {
  checkoutFieldErrors,
  storedAddress,
  type AddressInput,
} from "#app/modules/checkout/checkout.schema.ts";
import { addCreditEntry } from "#app/modules/credits/credit-ledger.server.ts";
import { findPlan, type PlanId } from "#app/modules/subscriptions/plans.ts";
import { isRegionOpen } from "#app/modules/subscriptions/regions.server.ts";
import {
  runningSubscriptionOf,
  startPrepaidSubscription,
} from "#app/modules/subscriptions/start-prepaid-subscription.server.ts";
import type { Subscriber } from "#app/modules/subscriptions/start-subscription.server.ts";
import { holdWaitlistSpot } from "#app/modules/waitlist/hold-waitlist-spot.server.ts";
import { formatGiftCode, normaliseGiftCode } from "./gift-code.ts";
import { giftCodeHash } from "./gift-code.server.ts";
import {
  GIFT_MESSAGES,
  HOLD_STATEMENT,
  redeemGiftSchema,
  startHeldGiftSchema,
} from "./gifts.schema.ts";
import { giftWords, sendGiftEmailJob, type GiftRow } from "./send-gift-email.server.ts";

/** Code lookups and redemptions allowed per member and per connection (IPv6 by /64) an hour. */
export const REDEEM_LIMITS = {
  perMember: { bucket: "gift-redeem-member", limit: 10, windowSeconds: 3600 },
  perAddress: { bucket: "gift-redeem-address", limit: 30, windowSeconds: 3600 },
} as const;

export interface Redeemer extends Subscriber {
  emailVerified: boolean;
}

export interface RedeemContext {
  ip: string;
  userAgent?: string | null;
}

/** Counts a lookup or a redemption; the refusal when either limit is spent. */
async function limitAttempt(
  member: { id: string },
  context: RedeemContext,
  now: Date,
): Promise<Failure | null> {
  const results = await Promise.all([
    hitRateLimit(
      REDEEM_LIMITS.perMember.bucket,
      member.id,
      REDEEM_LIMITS.perMember.limit,
      REDEEM_LIMITS.perMember.windowSeconds,
      now.getTime(),
    ),
    hitRateLimit(
      REDEEM_LIMITS.perAddress.bucket,
      clientKey(context.ip),
      REDEEM_LIMITS.perAddress.limit,
      REDEEM_LIMITS.perAddress.windowSeconds,
      now.getTime(),
    ),
  ]);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return null;
  const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
  return failure("limited", GIFT_MESSAGES.tooManyCodes(Math.ceil(retryAfter / 60)), {
    retryAfter,
  });
}

/** What the redeem page shows of a gift before it is redeemed. */
export interface GiftPreview {
  code: string;
  what: string;
  planId: string;
  planSize: string;
  months: number;
  from: string;
  to: string;
  message: string | null;
  value: string;
  /** The region the buyer said they live in (ADR 076): where the address starts, if theirs has none. */
  region: string | null;
  /** Redeemed already: by this member (their answer stands) or by someone else. */
  redeemed: "no" | "by-you" | "by-someone-else";
}

function preview(gift: GiftRow, code: string, memberId: string): GiftPreview {
  const plan = findPlan(gift.plan);
  return {
    code: formatGiftCode(code),
    what: giftWords(gift),
    planId: gift.plan,
    planSize: plan?.size ?? gift.plan,
    months: gift.months,
    from: gift.buyerName,
    to: gift.recipientName,
    message: gift.message,
    value: formatMoney(gift.amount, gift.currency),
    region: gift.recipientRegion,
    redeemed: !gift.redeemedBy ? "no" : gift.redeemedBy === memberId ? "by-you" : "by-someone-else",
  };
}

async function paidGiftByCode(tx: Database, code: string, lock: boolean) {
  const query = tx
    .select()
    .from(gifts)
    .where(and(eq(gifts.codeHash, giftCodeHash(code)), eq(gifts.status, "paid")));
  const [gift] = lock ? await query.for("update") : await query;
  return gift;
}

/** Looks a typed code up for the redeem page (counted against the limits). Changes nothing. */
export async function lookUpGift(
  typed: unknown,
  member: { id: string },
  context: RedeemContext,
  now = new Date(),
): Promise<Outcome<{ gift: GiftPreview }>> {
  const limited = await limitAttempt(member, context, now);
  if (limited) return limited;
  const code = normaliseGiftCode(typed);
  if (!code)
    return failure("invalid", GIFT_MESSAGES.code, { fieldErrors: { code: GIFT_MESSAGES.code } });
  const gift = await paidGiftByCode(db(), code, false);
  if (!gift)
    return failure("not-found", GIFT_MESSAGES.unknownCode, {
      fieldErrors: { code: GIFT_MESSAGES.unknownCode },
    });
  return { ok: true, gift: preview(gift, code, member.id) };
}

export type RedeemOutcome = Outcome<{
  giftId: string;
  as: GiftRedemption;
  subscriptionId: string | null;
  region: string;
}>;

/** A refusal inside the transaction: rolls back the credit and anything else written. */
class Refused extends Error {
  readonly outcome: Failure;
  constructor(outcome: Failure) {
    super(outcome.message);
    this.outcome = outcome;
  }
}

/** The words for a redemption, the first time and when a retried submit finds it made. */
function answer(gift: GiftRow, as: GiftRedemption, region: string, subscriptionId: string | null) {
  const value = formatMoney(gift.amount, gift.currency);
  const message = {
    subscription: `Your gift is redeemed: ${giftWords(gift)}, prepaid. Your first box is on its way.`,
    credit: `Your gift of ${value} is now credit on your account: it pays for your next boxes before your card.`,
    held: `We don't deliver to ${region} yet, so we've kept your place on its waitlist and your gift as ${value} of credit. We'll e-mail you the day we open there.`,
  }[as];
  return { ok: true as const, message, giftId: gift.id, as, subscriptionId, region };
}

/** A redeem form's input, or the refusal with each field's message (the address's as checkout's). */
function parseRedeemForm<T>(schema: z.ZodType<T>, raw: unknown): { input: T } | Failure {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { input: parsed.data };
  return failure("invalid", GIFT_MESSAGES.redeemFailed, {
    fieldErrors: { ...fieldErrors(parsed.error), ...checkoutFieldErrors(parsed.error) },
  });
}

export async function redeemGift(
  raw: unknown,
  member: Redeemer,
  context: RedeemContext,
  now = new Date(),
): Promise<RedeemOutcome> {
  const form = parseRedeemForm(redeemGiftSchema, raw);
  if ("ok" in form) return form;
  const { input } = form;
  const limited = await limitAttempt(member, context, now);
  if (limited) return limited;
  const code = normaliseGiftCode(input.code);
  if (!code)
    return failure("invalid", GIFT_MESSAGES.code, { fieldErrors: { code: GIFT_MESSAGES.code } });

  return guard(() =>
    db().transaction(async (tx) => {
      await lockMember(tx, member.id);
      const gift = await paidGiftByCode(tx, code, true);
      if (!gift)
        return failure("not-found", GIFT_MESSAGES.unknownCode, {
          fieldErrors: { code: GIFT_MESSAGES.unknownCode },
        });
      if (gift.redeemedAt) {
        // A retried submit, or a second tab of the same member: the answer they had.
        if (gift.redeemedBy === member.id)
          return answer(gift, gift.redeemedAs!, gift.redeemedRegion ?? "", gift.subscriptionId);
        return failure("conflict", GIFT_MESSAGES.usedCode, {
          fieldErrors: { code: GIFT_MESSAGES.usedCode },
        });
      }
      const region = input.address.region;
      const address = storedAddress(input.address);
      await addCreditEntry(tx, {
        userId: member.id,
        amount: gift.amount,
        kind: "gift",
        note: `A gift from ${gift.buyerName}: ${giftWords(gift)}.`,
        requestKey: `gift:${gift.id}`,
        now,
      });
      let as: GiftRedemption;
      let subscriptionId: string | null = null;
      if (await runningSubscriptionOf(tx, member.id)) {
        // Boxes already coming: the credit pays the next ones before the card.
        as = "credit";
      } else if (await isRegionOpen(region, tx)) {
        subscriptionId = await startPrepaid(tx, gift, input, member, now);
        as = "subscription";
      } else {
        await holdWaitlistSpot(
          tx,
          {
            userId: member.id,
            email: member.email,
            name: member.name,
            emailVerified: member.emailVerified,
          },
          {
            region,
            address,
            statement: HOLD_STATEMENT,
            source: "gift_redeem",
            ip: context.ip,
            userAgent: context.userAgent,
          },
          now,
        );
        await enqueue(
          tx,
          sendGiftEmailJob,
          { giftId: gift.id, kind: "held" },
          { singletonKey: `gift-held:${gift.id}` },
        );
        as = "held";
      }
      const [done] = await tx
        .update(gifts)
        .set({
          redeemedAt: now,
          redeemedBy: member.id,
          redeemedAs: as,
          redeemedRegion: region,
          redeemedAddress: address,
          redeemedWeek: input.deliveryWeek,
          subscriptionId,
          updatedAt: now,
        })
        .where(and(eq(gifts.id, gift.id), isNull(gifts.redeemedAt)))
        .returning();
      return answer(done!, as, region, subscriptionId);
    }),
  );
}

/** The prepaid subscription a gift starts (its credit already written), or the refusal. */
async function startPrepaid(
  tx: Database,
  gift: GiftRow,
  where: { deliveryWeek: number; address: AddressInput },
  member: Subscriber,
  now: Date,
): Promise<string> {
  const started = await startPrepaidSubscription(
    tx,
    {
      idempotencyKey: `gift:${gift.id}`,
      plan: gift.plan as PlanId,
      deliveryWeek: where.deliveryWeek,
      address: where.address,
    },
    member,
    { now, started: { gift: gift.id } },
  );
  if (!started.ok) throw new Refused(started);
  return started.subscriptionId;
}

/** The member's gifts held for a region (redeemed there before it opened), not yet started. */
export async function listHeldGifts(userId: string) {
  const rows = await db()
    .select()
    .from(gifts)
    .where(
      and(eq(gifts.redeemedBy, userId), eq(gifts.redeemedAs, "held"), isNull(gifts.subscriptionId)),
    );
  return Promise.all(
    rows.map(async (g) => ({
      id: g.id,
      what: giftWords(g),
      planId: g.plan,
      from: g.buyerName,
      value: formatMoney(g.amount, g.currency),
      region: g.redeemedRegion ?? "",
      regionOpen: g.redeemedRegion ? await isRegionOpen(g.redeemedRegion) : false,
      deliveryWeek: g.redeemedWeek ?? 1,
      address: {
        street: g.redeemedAddress?.street,
        suburb: g.redeemedAddress?.suburb,
        city: g.redeemedAddress?.city,
        region: g.redeemedAddress?.state,
        postcode: g.redeemedAddress?.zip,
      },
    })),
  );
}
export type HeldGift = Awaited<ReturnType<typeof listHeldGifts>>[number];

/**
 * A held gift's prepaid boxes, once its member's region (or the one they now give) is open. Its
 * credit is already in the ledger; the subscription starts with the first box paid from it.
 */
export async function startHeldGift(
  raw: unknown,
  member: Redeemer,
  now = new Date(),
): Promise<RedeemOutcome> {
  const form = parseRedeemForm(startHeldGiftSchema, raw);
  if ("ok" in form) return form;
  const { input } = form;
  return guard(() =>
    db().transaction(async (tx) => {
      await lockMember(tx, member.id);
      const [gift] = await tx
        .select()
        .from(gifts)
        .where(
          and(
            eq(gifts.id, input.giftId),
            eq(gifts.redeemedBy, member.id),
            eq(gifts.redeemedAs, "held"),
          ),
        )
        .for("update");
      if (!gift) return failure("not-found", GIFT_MESSAGES.heldGone);
      if (gift.subscriptionId)
        return answer(gift, "subscription", gift.redeemedRegion ?? "", gift.subscriptionId);
      const subscriptionId = await startPrepaid(tx, gift, input, member, now);
      await tx
        .update(gifts)
        .set({
          subscriptionId,
          redeemedRegion: input.address.region,
          redeemedAddress: storedAddress(input.address),
          redeemedWeek: input.deliveryWeek,
          updatedAt: now,
        })
        .where(eq(gifts.id, gift.id));
      return answer(gift, "subscription", input.address.region, subscriptionId);
    }),
  );
}

/** One redemption at a time per member: two gifts can't both start their subscription. */
async function lockMember(tx: Database, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`gift-redeem:${userId}`}, 0))`,
  );
}

/**
 * Runs a redemption: a refusal inside it rolls it back and is the answer; a subscription started
 * meanwhile through /subscribe (the one-running index) means trying once more, which then adds
 * the credit to it; the database away is said as such.
 */
async function guard(run: () => Promise<RedeemOutcome>): Promise<RedeemOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Refused) return error.outcome;
      if (attempt < 2 && sqlState(error) === "23505") continue;
      if (isDatabaseUnavailable(error)) {
        log.warn({ err: error }, "gift redeem: database unavailable");
        return failure("unavailable", GIFT_MESSAGES.redeemUnavailable, { retryAfter: 5 });
      }
      throw error;
    }
  }
}

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}
