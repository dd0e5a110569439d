// The gift forms (issue 22, ADR 043), one schema for the browser and the server: buying a gift box
// (plan, 3/6/12 months, who it is for, an optional message, the day their e-mail goes, who is
// buying; the card is the demo provider's, checked as the shop's) and redeeming its code (the
// delivery address and week, as /subscribe asks them).
import { NZ_REGIONS, type NzRegion } from "#app/lib/nz-regions.ts";
import { regionOrPostcode } from "#app/lib/postcode-schema.ts";
import { freeText, z } from "#app/lib/zod.ts";
import {
  deliveryAddressFields,
  demoCardSchema,
  formStrings,
  cardFormFields,
} from "#app/modules/checkout/checkout.schema.ts";
import { plans, type PlanId } from "#app/modules/subscriptions/plans.ts";
import { stripeSubscriptionSchema } from "#app/modules/subscriptions/subscribe.schema.ts";
import { GIFT_MESSAGES, GIFT_MONTHS, type GiftMonths } from "./gift-terms.ts";

export {
  GIFT_MESSAGES,
  GIFT_MONTHS,
  GIFT_SEND_HOUR,
  GIFT_SEND_MAX_DAYS,
  giftPrice,
  giftRegionWords,
  HOLD_STATEMENT,
  sendOnRange,
  type GiftMonths,
} from "./gift-terms.ts";

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
