// The subscribe form (issue 21), one schema for the browser and the server. The address is the
// checkout's (its fields and rules); the card is the demo provider's, checked like the shop's.
import { z } from "#app/lib/zod.ts";
import {
  addressSchema,
  cardFormFields,
  deliveryAddressFields,
  demoCardSchema,
  formStrings,
} from "#app/modules/checkout/checkout.schema.ts";
import { DELIVERY_WEEKS } from "./box-dates.ts";
import { plans, type PlanId } from "./plans.ts";

export const SUBSCRIBE_MESSAGES = {
  plan: "Please choose a plan",
  deliveryWeek: "Please choose the week your box arrives",
  failed: "We couldn't start your subscription. Please check the form and try again.",
  regionClosed: (region: string) =>
    `We don't deliver monthly boxes to ${region} yet. Join the waitlist and we'll e-mail you the day we open there.`,
  regionByInvitation: (region: string) =>
    `We're starting in ${region} a few gardens at a time, by invitation from the waitlist, and this account doesn't have a claimed spot there yet. Join the waitlist for ${region} and we'll e-mail you when a spot is yours.`,
  alreadySubscribed:
    "You already have a subscription running. Change it from your account instead of starting another.",
  noPayments:
    "Card payments for subscriptions aren't available right now. Nothing has been charged.",
  unavailable:
    "We couldn't start your subscription just now. Nothing has been charged: please try again.",
} as const;

const PLAN_IDS = plans.map((p) => p.id) as [PlanId, ...PlanId[]];

/** One of the plans, as subscribing and changing plan choose it. */
export const planField = z.enum(PLAN_IDS, { message: SUBSCRIBE_MESSAGES.plan });

/** The week of the month the box arrives, as subscribing and changing the week choose it. */
export const deliveryWeekField = z.coerce
  .number({ message: SUBSCRIBE_MESSAGES.deliveryWeek })
  .int({ message: SUBSCRIBE_MESSAGES.deliveryWeek })
  .refine((n) => (DELIVERY_WEEKS as readonly number[]).includes(n), {
    message: SUBSCRIBE_MESSAGES.deliveryWeek,
  });

export const startSubscriptionSchema = z.object({
  idempotencyKey: z.uuid(),
  plan: planField,
  deliveryWeek: deliveryWeekField,
  address: addressSchema,
  card: demoCardSchema,
});
export type StartSubscriptionInput = z.infer<typeof startSubscriptionSchema>;

/** With Stripe the card goes to Stripe's own form, never to us: the rest of the form is the same. */
export const stripeSubscriptionSchema = startSubscriptionSchema.omit({ card: true });

export type SubscribeField =
  | "plan"
  | "deliveryWeek"
  | "street"
  | "suburb"
  | "city"
  | "region"
  | "postcode"
  | "cardNumber"
  | "cardExpiry"
  | "cardCvc"
  | "form";

/** Reads the posted form into the shape the schema parses. */
export function subscribeFormValues(form: FormData) {
  return {
    ...formStrings(form, ["idempotencyKey", "plan", "deliveryWeek"]),
    address: deliveryAddressFields(form),
    card: cardFormFields(form),
  };
}
