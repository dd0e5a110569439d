// What /admin/gifts reads from its query and forms (ADR 049): the list's search and status filter,
// a gift's id by its shape, the admin's three acts on one gift (re-send the recipient's e-mail,
// change its day or recipient, refund it), each with a reason and the page's request key, and the
// words for each status. Shared by the admin pages and the use-cases behind them.
import type { GiftStatus } from "#db/schema/gifts.ts";
import { optionalFilter, readListQuery } from "#app/lib/list-query.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { GIFT_MESSAGES } from "./gifts.schema.ts";

export const GIFT_STATUSES = ["pending_payment", "payment_failed", "paid", "refunded"] as const;

export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  pending_payment: "Awaiting payment",
  payment_failed: "Payment failed",
  paid: "Paid",
  refunded: "Refunded",
};

/** Rows on one page of the list (as /admin/subscriptions). */
export const GIFTS_PAGE_SIZE = 50;

const optional = optionalFilter;

export const giftListSchema = z.object({
  /** Part of the buyer's or recipient's e-mail address, or the code's last four characters. */
  q: optional(freeText({ max: 100 })).transform((v) => v?.trim() || undefined),
  status: optional(z.enum(GIFT_STATUSES)),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type GiftListQuery = z.infer<typeof giftListSchema>;

/** The list's query from a URL's search parameters (absent or empty values dropped). */
export function readGiftListQuery(params: URLSearchParams): GiftListQuery {
  return readListQuery(giftListSchema, params);
}

/** Gift ids are UUIDs: anything else is "not found" before a query sees it. */
export const giftIdSchema = z.uuid();

export const ADMIN_GIFT_MESSAGES = {
  notFound: "That gift doesn't exist.",
  reason: "Please say why (a few words for the gift's history).",
  notPaid: "Only a paid gift can be changed, re-sent or refunded.",
  refunded: "This gift has been refunded: its code no longer works.",
  redeemed:
    "This gift has been redeemed, so it can't be refunded here. Refund its boxes on the recipient's subscription instead.",
  redeemedResend: "This gift has been redeemed already: there's no code left to send.",
  alreadySent:
    "The recipient's e-mail has gone already, so its day and address can't change. Re-send it instead.",
  nothingChanged: "Nothing to change: the day, name and address are as they were.",
  resent: (to: string) => `The gift e-mail is on its way to ${to} again.`,
  changed: "Gift updated. The recipient's e-mail will go on the new day.",
  refundedDone: "Gift refunded. The buyer has been e-mailed.",
} as const;

const requestKey = z.uuid({ message: "This form is out of date. Please reload the page." });
const reason = freeText({
  max: 300,
  tooLong: ADMIN_GIFT_MESSAGES.reason,
  notText: ADMIN_GIFT_MESSAGES.reason,
}).min(3, { message: ADMIN_GIFT_MESSAGES.reason });

export const resendGiftSchema = z.object({ requestKey, reason });

export const changeGiftSchema = z.object({
  requestKey,
  reason,
  /** The New Zealand date the recipient's e-mail goes out (the range is checked with the clock). */
  sendOn: z.iso.date({ message: GIFT_MESSAGES.sendOn }),
  recipientName: freeText({
    max: 120,
    tooLong: GIFT_MESSAGES.recipientName,
    notText: GIFT_MESSAGES.recipientName,
  }).min(1, { message: GIFT_MESSAGES.recipientName }),
  recipientEmail: z
    .email({ message: GIFT_MESSAGES.recipientEmail })
    .trim()
    .toLowerCase()
    .max(254, { message: GIFT_MESSAGES.recipientEmail }),
});

export const refundGiftSchema = z.object({ requestKey, reason });

export const GIFT_INTENTS = ["resend", "change", "refund"] as const;
export type GiftIntent = (typeof GIFT_INTENTS)[number];
