// The member's changes to their subscription (issue 21, /profile/subscription): one zod schema per
// change, shared by the page's forms and the use-cases, the words the page and e-mails say, the
// reasons for cancelling and the one offer each reason is met with.
import { z } from "#app/lib/zod.ts";
import {
  addressSchema,
  cardFormFields,
  deliveryAddressFields,
  demoCardSchema,
  formString,
} from "#app/modules/checkout/checkout.schema.ts";
import { plans, type PlanId } from "./plans.ts";
import { deliveryWeekField, planField } from "./subscribe.schema.ts";

export const MANAGE_MESSAGES = {
  none: "You don't have a subscription to change. Start one from the plans below.",
  notRunning: "Your subscription has ended. Start a new one to change it.",
  cancelled:
    "Your subscription is cancelled. Keep it first (the button above), then change it as you like.",
  plan: "Please choose a plan",
  samePlan: "That's already your plan: nothing has changed.",
  confirmDrops: (plan: string, drops: string) =>
    `Changing to the ${plan} plan drops ${drops}. Nothing has changed yet: check below and confirm.`,
  deliveryWeek: "Please choose the week your box arrives",
  sameWeek: "Your box already comes that week: nothing has changed.",
  weekTooLate:
    "Your next box is already being packed, so the week can't change now. Please try again after it arrives.",
  pauseFor: "Please choose how long to pause for",
  pauseUntil: "Please choose a date after today, within a year",
  notPaused: "Your deliveries aren't paused.",
  cantPause: "Your subscription can't be paused while a payment is due. Update your card first.",
  reason: "Please choose a reason",
  discountPending:
    "Your next box already has a discount, so this offer can't be added to it. Your subscription hasn't changed.",
  saveOfferTaken:
    "You've had this offer in the last 12 months, so it can't be taken again yet. Your subscription hasn't changed.",
  regionClosed: (region: string) =>
    `We don't deliver monthly boxes to ${region} yet. Keep your current address or choose one in a region we deliver to.`,
  unavailable: "We couldn't make that change just now. Nothing has changed: please try again.",
  noPayments: "Card changes aren't available right now. Your saved card is unchanged.",
  request: "This form is out of date. Please reload the page and try again.",
} as const;

/** Every change carries a key the page made for it: a retried submit makes the change once. */
const requestKey = z.uuid({ message: MANAGE_MESSAGES.request });

export const changePlanSchema = z.object({
  requestKey,
  plan: planField,
  /**
   * The swaps the member saw dropped and confirmed (their keys, comma-separated: `swapKey`); a
   * change that would drop any other swap is refused, so none goes silently (issue 39).
   */
  confirmDrops: z.string().max(4000).optional(),
});

export const PAUSE_MONTHS = ["1", "2", "3"] as const;

/** Pause for 1, 2 or 3 months, or until a date (a New Zealand YYYY-MM-DD). */
export const pauseSchema = z.discriminatedUnion(
  "pauseFor",
  [
    z.object({ requestKey, pauseFor: z.enum(PAUSE_MONTHS) }),
    z.object({
      requestKey,
      pauseFor: z.literal("date"),
      until: z.iso.date({ message: MANAGE_MESSAGES.pauseUntil }),
    }),
  ],
  { error: MANAGE_MESSAGES.pauseFor },
);

export const deliveryWeekSchema = z.object({
  requestKey,
  deliveryWeek: deliveryWeekField,
});

export const deliveryAddressSchema = z.object({ requestKey, address: addressSchema });
export type DeliveryAddressInput = z.infer<typeof deliveryAddressSchema>;

export const updateCardSchema = z.object({ requestKey, card: demoCardSchema });

export const requestOnlySchema = z.object({ requestKey });

// Why a member cancels, and the one offer that answers each reason (Recharge's and the Stripe
// portal's cancellation flows ask one question and make one offer; more is nagging).
export const CANCEL_REASONS = {
  "too-expensive": "It costs too much",
  "too-much": "It's more than my garden needs",
  away: "I'm going away or too busy for a while",
  "garden-full": "My garden is full this month",
  contents: "I didn't like what came in my boxes",
  other: "Something else",
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;
const REASON_IDS = Object.keys(CANCEL_REASONS) as [CancelReason, ...CancelReason[]];

export const cancelReasonSchema = z.enum(REASON_IDS, { message: MANAGE_MESSAGES.reason });
export const cancelSchema = z.object({ requestKey, reason: cancelReasonSchema });

export type CancelOffer =
  | { kind: "smaller-plan"; plan: PlanId }
  | { kind: "pause"; months: 1 | 2 | 3 }
  | { kind: "skip" }
  | { kind: "discount"; percent: number };

/** The discount offered to someone who would otherwise cancel, on their next box only. */
export const CANCEL_DISCOUNT_PERCENT = 25;

/**
 * The discount is money, not a change the member could make anyway (a pause, a skip, a smaller
 * plan): a subscription has it at most once in this many months, and never on top of another.
 */
export const SAVE_OFFER_MONTHS = 12;

/**
 * The one offer a reason is met with; a smaller plan only when there is one, and the discount
 * only when the subscription may have it (`discount`: false while one waits on the next box or
 * one was taken within SAVE_OFFER_MONTHS): otherwise no offer, only the cancel.
 */
export function offerFor(
  reason: CancelReason,
  planId: string,
  { discount: discountAllowed = true }: { discount?: boolean } = {},
): CancelOffer | null {
  const index = plans.findIndex((p) => p.id === planId);
  const smaller = index > 0 ? plans[index - 1]!.id : null;
  const discount: CancelOffer | null = discountAllowed
    ? { kind: "discount", percent: CANCEL_DISCOUNT_PERCENT }
    : null;
  switch (reason) {
    case "too-expensive":
    case "too-much":
      return smaller ? { kind: "smaller-plan", plan: smaller } : discount;
    case "away":
      return { kind: "pause", months: 2 };
    case "garden-full":
      return { kind: "skip" };
    default:
      return discount;
  }
}

/** The address and card fields as the checkout names them, in the shapes the schemas parse. */
export function addressFormValues(form: FormData) {
  return { requestKey: formString(form, "requestKey"), address: deliveryAddressFields(form) };
}

export function cardFormValues(form: FormData) {
  return { requestKey: formString(form, "requestKey"), card: cardFormFields(form) };
}
