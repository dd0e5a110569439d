// Settings: payments (Stripe), the CRM webhook, the subscription box cut-off and the currency.
import { z } from "zod";
import { optionalString, wholeNumber } from "./fields.ts";

export const paymentsShape = {
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Where the Stripe library sends API calls; unset means Stripe itself (api.stripe.com). Tests
  // point it at a local fake.
  STRIPE_API_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL like http://127.0.0.1:12111" })
      .optional(),
  ),
  CRM_WEBHOOK_URL: optionalString.pipe(z.url().optional()),
  CRM_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  // Subscription boxes (issue 21): how many days before a box is packed it locks and is charged;
  // until then the member can skip it or swap items.
  BOX_CUTOFF_DAYS: wholeNumber(
    "days",
    5,
    [1, "must be at least 1 day"],
    [20, "must be at most 20 days"],
  ),
  // How many boxes a packing day can pack (ADR 077 addendum), unless an admin sets the day's own
  // on /admin/forecast: new subscriptions and launch waves stop at it.
  PACKING_DAY_CAPACITY: wholeNumber(
    "boxes",
    500,
    [1, "must be at least 1 box"],
    [1_000_000, "must be at most 1,000,000 boxes"],
  ),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("USD"),
};
