// The gifts' words and figures the pages show (issue 22, ADR 043): the months, the price, the send
// day's range, the messages and what a gift means in the recipient's region. Free of zod, so the
// pages that only show a gift (the shop's gift card, the redeem form) send no schema library to
// the browser; gifts.schema.ts builds the forms' schemas on them.
import { addDays, nzToday } from "#app/modules/subscriptions/box-dates.ts";

export const GIFT_MONTHS = [3, 6, 12] as const;
export type GiftMonths = (typeof GIFT_MONTHS)[number];

/** How far ahead the recipient's e-mail may be sent: about six months. */
export const GIFT_SEND_MAX_DAYS = 183;

/** The hour (New Zealand time) a gift's e-mail goes out on its day, unless that day is today. */
export const GIFT_SEND_HOUR = 8;

export const GIFT_MESSAGES = {
  plan: "Please choose a plan",
  months: "Please choose 3, 6 or 12 months",
  recipientName: "Please enter their name",
  recipientEmail: "Please enter their email address",
  recipientRegion: "Please choose the region they live in, or enter their postcode",
  /** A postcode's region, not yet the one on the form: said before anything is paid. */
  postcodeChose: (postcode: string, region: string) =>
    `${postcode} is in ${region}. We've chosen ${region} for them: check what it means below, then press Buy gift again.`,
  buyerName: "Please enter your name",
  buyerEmail: "Please enter a valid email address",
  message: "Please keep the message to 300 characters",
  sendOn: "Please choose a date from today up to 6 months ahead",
  failed: "We couldn't buy your gift. Please check the form and try again.",
  noPayments: "Card payments aren't available right now. Nothing has been charged.",
  unavailable: "We couldn't take your gift just now. Nothing has been charged: please try again.",
  code: "Please enter the gift code from your e-mail: 16 letters and numbers, like 7KQ2-M9XD-4HTR-P3WA.",
  unknownCode: "We don't know that gift code. Please check it against your e-mail.",
  usedCode: "This gift code has already been used.",
  tooManyCodes: (minutes: number) =>
    `Too many gift codes tried. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  redeemFailed: "We couldn't redeem your gift. Please check the form and try again.",
  redeemUnavailable: "We couldn't redeem your gift just now. Please try again.",
  heldGone: "We couldn't find that gift on your account.",
} as const;

/** The days the recipient's e-mail may go: today (New Zealand) up to about six months ahead. */
export function sendOnRange(now = new Date()): { min: string; max: string } {
  const min = nzToday(now);
  return { min, max: addDays(min, GIFT_SEND_MAX_DAYS) };
}

/** What a gift costs: the plan's monthly price (GST included) for each month. */
export function giftPrice(monthlyPrice: number, months: number): number {
  return monthlyPrice * months;
}

/** The words beside the redeem button for a region we don't deliver to yet: the consent kept. */
export const HOLD_STATEMENT =
  "If we don't deliver to your region yet, we keep your place on its waitlist and e-mail you about our launch there. You can unsubscribe at any time.";

/**
 * What a gift means in the recipient's region, in the words the buyer reads before paying and in
 * their receipt (ADR 076): boxes from redeeming where we deliver; elsewhere a held place on the
 * region's waitlist with the gift's value kept as credit until we launch there.
 */
export function giftRegionWords(region: string, open: boolean, recipient = "your friend"): string {
  return open
    ? `We deliver to ${region} now: ${recipient} can start their boxes as soon as they redeem the code.`
    : `We don't deliver to ${region} yet. When ${recipient} redeems the code, we hold their place on the ${region} waitlist and keep the gift's full value as credit until we launch there. Then their prepaid boxes start, with no card needed.`;
}
