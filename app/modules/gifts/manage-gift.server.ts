// The gift buyer's own page (ADR 076), opened by the receipt e-mail's signed link: what they
// bought and for whom, whether the recipient's e-mail has gone and whether the gift was redeemed
// (and when); moving the e-mail's day while it hasn't gone, re-sending it once it has, and the
// printable card with the code and message. The two acts are the admin's shape (act-on-gift: the
// gift's row lock, the page's request key answered as the first time, a gift_events row) with the
// buyer's address as who did it; both are limited per gift and per connection. An expired link's
// page may e-mail the buyer a fresh one, to the address on the gift only.
import { eq } from "drizzle-orm";
import { gifts } from "#db/schema/index.ts";
import { clientKey } from "#app/lib/client-ip.server.ts";
import { db } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";
import { z } from "#app/lib/zod.ts";
import { formatBoxDate, nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { isRegionOpen } from "#app/modules/subscriptions/regions.server.ts";
import { giftAct, notActionable, type GiftActOutcome } from "./act-on-gift.server.ts";
import { formatGiftCode } from "./gift-code.ts";
import { giftCodeFor, giftCodeHash } from "./gift-code.server.ts";
import { GIFT_MESSAGES, sendOnRange } from "./gifts.schema.ts";
import { codeEmailAt, giftWords, sendGiftEmailJob } from "./send-gift-email.server.ts";

/** The history row's reason for what a buyer does on their page (admins read it there). */
export const BUYER_REASON = "The buyer, on their gift page";

export const BUYER_GIFT_MESSAGES = {
  notFound: "We couldn't find that gift.",
  formOld: "This form is out of date. Please reload the page.",
  alreadySent:
    "Their e-mail has gone already, so its day can't change. You can re-send it instead.",
  notSentYet: (day: string) =>
    `Their e-mail hasn't gone yet: it goes on ${day}. To send it sooner, change the day to today.`,
  redeemed: "They've redeemed the gift already, so there's nothing left to send or change.",
  refunded: "This gift has been refunded: its code no longer works.",
  notPaid: "This gift isn't paid, so there's nothing to change or send.",
  changed: (day: string) => `Done. Their e-mail will go on ${day}.`,
  changedToday: "Done. Their e-mail with the code is on its way now.",
  resent: (to: string) => `Done. Their e-mail is on its way to ${to} again.`,
  tooMany: (minutes: number) =>
    `That's a lot of changes in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  freshLink:
    "If that gift is yours, a new link to its page is on its way to the e-mail address you bought it with.",
} as const;

const requestKey = z.uuid({ message: BUYER_GIFT_MESSAGES.formOld });

/** Moving the day: the page's key and the New Zealand date (its range checked with the clock). */
export const buyerChangeDaySchema = z
  .object({ requestKey, sendOn: z.iso.date({ message: GIFT_MESSAGES.sendOn }) })
  .transform((v) => ({ ...v, reason: BUYER_REASON }));

export const buyerResendSchema = z
  .object({ requestKey })
  .transform((v) => ({ ...v, reason: BUYER_REASON }));

type GiftRow = typeof gifts.$inferSelect;

/** What the buyer's page shows of the gift: never the code (the card has it). */
export async function getBuyerGift(id: string) {
  if (!z.uuid().safeParse(id).success) return null;
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, id));
  if (!gift || (gift.status !== "paid" && gift.status !== "refunded")) return null;
  return {
    id: gift.id,
    status: gift.status,
    what: giftWords(gift),
    value: formatMoney(gift.amount, gift.currency),
    recipientName: gift.recipientName,
    recipientEmail: gift.recipientEmail,
    /** Who acts on the page (the history's "by"); the route keeps it off the page. */
    buyerEmail: gift.buyerEmail,
    region: gift.recipientRegion,
    regionOpen: gift.recipientRegion ? await isRegionOpen(gift.recipientRegion) : null,
    message: gift.message,
    sendOn: gift.sendOn,
    sendOnWords: formatBoxDate(gift.sendOn),
    sentAt: gift.sentAt,
    redeemedAt: gift.redeemedAt,
    canChangeDay: gift.status === "paid" && !gift.sentAt && !gift.redeemedAt,
    canResend: gift.status === "paid" && Boolean(gift.sentAt) && !gift.redeemedAt,
  };
}
export type BuyerGift = NonNullable<Awaited<ReturnType<typeof getBuyerGift>>>;

function refusal(gift: GiftRow) {
  if (gift.status === "refunded") return failure("conflict", BUYER_GIFT_MESSAGES.refunded);
  if (notActionable(gift)) return failure("conflict", BUYER_GIFT_MESSAGES.notPaid);
  if (gift.redeemedAt) return failure("conflict", BUYER_GIFT_MESSAGES.redeemed);
  return null;
}

const changeDay = giftAct({
  schema: buyerChangeDaySchema,
  kind: "change",
  done: (gift) =>
    gift.sendOn <= nzToday()
      ? BUYER_GIFT_MESSAGES.changedToday
      : BUYER_GIFT_MESSAGES.changed(formatBoxDate(gift.sendOn)),
  act: async (tx, gift, input, now) => {
    const refused = refusal(gift);
    if (refused) return refused;
    if (gift.sentAt) return failure("conflict", BUYER_GIFT_MESSAGES.alreadySent);
    const range = sendOnRange(now);
    if (input.sendOn < range.min || input.sendOn > range.max)
      return failure("invalid", GIFT_MESSAGES.sendOn, {
        fieldErrors: { sendOn: GIFT_MESSAGES.sendOn },
      });
    const before = { sendOn: gift.sendOn };
    // The same day again (a second page, say): nothing to move, and nothing queued twice.
    if (input.sendOn === gift.sendOn) return { details: { before, after: before } };
    await tx
      .update(gifts)
      .set({ sendOn: input.sendOn, updatedAt: now })
      .where(eq(gifts.id, gift.id));
    const at = codeEmailAt(input.sendOn, now);
    await enqueue(
      tx,
      sendGiftEmailJob,
      { giftId: gift.id, kind: "code", sendOn: input.sendOn },
      {
        singletonKey: `gift-code:${gift.id}:${input.requestKey}`,
        ...(at > now ? { startAfter: at } : {}),
      },
    );
    return { details: { before, after: { sendOn: input.sendOn } } };
  },
});

const resend = giftAct({
  schema: buyerResendSchema,
  kind: "resend",
  done: (gift) => BUYER_GIFT_MESSAGES.resent(gift.recipientEmail),
  act: async (tx, gift, { requestKey: key }) => {
    const refused = refusal(gift);
    if (refused) return refused;
    if (!gift.sentAt)
      return failure("conflict", BUYER_GIFT_MESSAGES.notSentYet(formatBoxDate(gift.sendOn)));
    await enqueue(
      tx,
      sendGiftEmailJob,
      { giftId: gift.id, kind: "code", resend: key },
      { singletonKey: `gift-code:${gift.id}:resend:${key}` },
    );
    return { details: { to: gift.recipientEmail } };
  },
});

/** Limits on a buyer's acts: per gift (anyone holding its link) and per connection. */
export const BUYER_LIMITS = {
  perGiftPerHour: { bucket: "gift-buyer:gift", limit: 10, windowSeconds: 3600 },
  perAddressPerHour: { bucket: "gift-buyer:ip", limit: 30, windowSeconds: 3600 },
} as const;

async function limited(giftId: string, ip: string, now: Date) {
  const results = await Promise.all([
    hitRateLimit(
      BUYER_LIMITS.perGiftPerHour.bucket,
      giftId,
      BUYER_LIMITS.perGiftPerHour.limit,
      BUYER_LIMITS.perGiftPerHour.windowSeconds,
      now.getTime(),
    ),
    hitRateLimit(
      BUYER_LIMITS.perAddressPerHour.bucket,
      clientKey(ip),
      BUYER_LIMITS.perAddressPerHour.limit,
      BUYER_LIMITS.perAddressPerHour.windowSeconds,
      now.getTime(),
    ),
  ]);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return null;
  const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
  return failure("limited", BUYER_GIFT_MESSAGES.tooMany(Math.ceil(retryAfter / 60)), {
    retryAfter,
  });
}

export interface BuyerActOptions {
  giftId: string;
  /** The buyer's address on the gift: kept as who acted. */
  buyerEmail: string;
  ip: string;
  input: unknown;
  now?: Date;
}

/** The buyer moves the day their friend's e-mail goes (only before it has gone). */
export async function buyerChangeGiftDay(options: BuyerActOptions): Promise<GiftActOutcome> {
  const now = options.now ?? new Date();
  return (
    (await limited(options.giftId, options.ip, now)) ??
    changeDay({ ...options, admin: { email: options.buyerEmail }, now })
  );
}

/** The buyer re-sends their friend's e-mail with the code (only once it has gone, not redeemed). */
export async function buyerResendGiftEmail(options: BuyerActOptions): Promise<GiftActOutcome> {
  const now = options.now ?? new Date();
  return (
    (await limited(options.giftId, options.ip, now)) ??
    resend({ ...options, admin: { email: options.buyerEmail }, now })
  );
}

/**
 * An expired link's "send me a new one": the buyer's address on the gift gets a fresh link, once
 * per page key; the answer is the same whatever happens, and it is limited as the acts are.
 */
export async function sendFreshBuyerLink(
  giftId: string,
  raw: unknown,
  ip: string,
  now = new Date(),
): Promise<Outcome> {
  const parsed = z.object({ requestKey }).safeParse(raw);
  if (!parsed.success)
    return failure("invalid", BUYER_GIFT_MESSAGES.formOld, {
      fieldErrors: fieldErrors(parsed.error),
    });
  const refused = await limited(giftId, ip, now);
  if (refused) return refused;
  const [gift] = await db()
    .select({ id: gifts.id, status: gifts.status })
    .from(gifts)
    .where(eq(gifts.id, giftId));
  if (gift?.status === "paid")
    await enqueue(
      db(),
      sendGiftEmailJob,
      { giftId, kind: "manage-link", resend: parsed.data.requestKey },
      { singletonKey: `gift-manage-link:${giftId}:${parsed.data.requestKey}` },
    );
  return { ok: true, message: BUYER_GIFT_MESSAGES.freshLink };
}

/**
 * The printable card: the code (worked out from the gift's id, as the e-mail's is), the message
 * and who it is from and for. No code once it is spent or refunded, or when it can't be worked
 * out any more (the secret changed: the card then points to the recipient's e-mail).
 */
export async function getGiftCard(id: string) {
  if (!z.uuid().safeParse(id).success) return null;
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, id));
  if (!gift || gift.status !== "paid") return null;
  const code = giftCodeFor(gift.id);
  const usable = !gift.redeemedAt && giftCodeHash(code) === gift.codeHash;
  return {
    id: gift.id,
    what: giftWords(gift),
    recipientName: gift.recipientName,
    buyerName: gift.buyerName,
    message: gift.message,
    code: usable ? formatGiftCode(code) : null,
    redeemed: Boolean(gift.redeemedAt),
  };
}
export type GiftCard = NonNullable<Awaited<ReturnType<typeof getGiftCard>>>;
