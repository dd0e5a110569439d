// The gift forms (issue 22, ADR 043), one schema for the browser and the server: buying a gift box
// (plan, 3/6/12 months, who it is for, an optional message, the day their e-mail goes, who is
// buying; the card is the demo provider's, checked as the shop's) and redeeming its code (the
// delivery address and week, as /subscribe asks them).
import { NZ_REGIONS, type NzRegion } from "#app/lib/nz-regions.ts";
import { regionOrPostcode } from "#app/lib/nz-postcodes.ts";
import { freeText, z } from "#app/lib/zod.ts";
import {
  deliveryAddressFields,
  demoCardSchema,
  formStrings,
  cardFormFields,
} from "#app/modules/checkout/checkout.schema.ts";
import { addDays, nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { plans, type PlanId } from "#app/modules/subscriptions/plans.ts";
import { stripeSubscriptionSchema } from "#app/modules/subscriptions/subscribe.schema.ts";

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

const PLAN_IDS = plans.map((p) => p.id) as [PlanId, ...PlanId[]];

const text = (max: number, message: string) =>
  freeText({ max, tooLong: message, notText: message }).min(1, { message });
const email = (message: string) => z.email({ message }).trim().toLowerCase().max(254, { message });

export const buyGiftSchema = z.object({
  idempotencyKey: z.uuid(),
  plan: z.enum(PLAN_IDS, { message: GIFT_MESSAGES.plan }),
  months: z.coerce
    .number({ message: GIFT_MESSAGES.months })
    .refine((n): n is GiftMonths => (GIFT_MONTHS as readonly number[]).includes(n), {
      message: GIFT_MESSAGES.months,
    }),
  recipientName: text(120, GIFT_MESSAGES.recipientName),
  recipientEmail: email(GIFT_MESSAGES.recipientEmail),
  /**
   * Where they live (ADR 076): said before paying whether we deliver there yet. Their region, or
   * their postcode instead (ADR 079): `recipientPlaceSchema` decides which region it is.
   */
  recipientRegion: z.string().max(40).optional().default(""),
  recipientPostcode: z.string().max(20).optional().default(""),
  message: freeText({
    max: 300,
    multiline: true,
    tooLong: GIFT_MESSAGES.message,
    notText: GIFT_MESSAGES.message,
  })
    .optional()
    .default(""),
  /** The New Zealand date the recipient's e-mail goes out (the range is checked with the clock). */
  sendOn: z.iso.date({ message: GIFT_MESSAGES.sendOn }),
  buyerName: text(120, GIFT_MESSAGES.buyerName),
  buyerEmail: email(GIFT_MESSAGES.buyerEmail),
});
export type BuyGiftInput = z.infer<typeof buyGiftSchema>;

/** The recipient's region: the one chosen, or the one their postcode is in (ADR 079). */
export const recipientPlaceSchema = regionOrPostcode(
  { region: "recipientRegion", postcode: "recipientPostcode" },
  NZ_REGIONS,
  GIFT_MESSAGES.recipientRegion,
);

/**
 * The recipient's region as the buyer saw it: a postcode whose region isn't the one on the form
 * (no JavaScript chose it as it was typed) is said first, never paid for unseen.
 */
export function recipientRegionOf(
  raw: unknown,
): { ok: true; region: NzRegion } | { ok: false; field: string; message: string } {
  const place = recipientPlaceSchema.safeParse(raw);
  if (!place.success) {
    const issue = place.error.issues[0]!;
    return { ok: false, field: String(issue.path[0]), message: issue.message };
  }
  const { region, postcode } = place.data;
  const onForm = (raw as { recipientRegion?: unknown } | null)?.recipientRegion;
  if (postcode && onForm !== region)
    return {
      ok: false,
      field: "recipientPostcode",
      message: GIFT_MESSAGES.postcodeChose(postcode, region),
    };
  return { ok: true, region };
}

/** Without Stripe: the demo provider's test card comes with the form. */
export const demoBuyGiftSchema = buyGiftSchema.extend({ card: demoCardSchema });

/** The days the recipient's e-mail may go: today (New Zealand) up to about six months ahead. */
export function sendOnRange(now = new Date()): { min: string; max: string } {
  const min = nzToday(now);
  return { min, max: addDays(min, GIFT_SEND_MAX_DAYS) };
}

/** What a gift costs: the plan's monthly price (GST included) for each month. */
export function giftPrice(monthlyPrice: number, months: number): number {
  return monthlyPrice * months;
}

/** Reads the posted gift form into the shape the schemas parse. */
export function buyGiftFormValues(form: FormData) {
  return {
    ...formStrings(form, [
      "idempotencyKey",
      "plan",
      "months",
      "recipientName",
      "recipientEmail",
      "recipientRegion",
      "recipientPostcode",
      "message",
      "sendOn",
      "buyerName",
      "buyerEmail",
    ]),
    card: cardFormFields(form),
  };
}

/** Redeeming: the code, and where and which week the boxes go (the gift says the plan). */
export const redeemGiftSchema = stripeSubscriptionSchema
  .pick({ deliveryWeek: true, address: true })
  .extend({
    code: z.string({ message: GIFT_MESSAGES.code }).max(64, { message: GIFT_MESSAGES.code }),
  });

/** Starting a gift held for a region that has opened since. */
export const startHeldGiftSchema = stripeSubscriptionSchema
  .pick({ deliveryWeek: true, address: true })
  .extend({ giftId: z.uuid({ message: GIFT_MESSAGES.heldGone }) });

export function redeemGiftFormValues(form: FormData) {
  return {
    ...formStrings(form, ["code", "giftId", "deliveryWeek"]),
    address: deliveryAddressFields(form),
  };
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
