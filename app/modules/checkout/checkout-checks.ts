// The checkout fields the browser checks with the server's own schemas (ADR 023), as the person
// leaves each one and again on 'Continue'. Loaded by use-checkout.ts once the form is showing,
// so zod isn't part of the page's first script.
import type { z } from "#app/lib/zod.ts";
import { addressSchema, demoCardSchema, phoneSchema, placeOrderSchema } from "./checkout.schema.ts";

/**
 * The fields the browser checks with the server's own schema, as the person leaves them and
 * again on 'Continue': the card (demo provider) and the courier's phone. Their message shows once,
 * beside the field; no browser bubble.
 */
export type CheckedField =
  | "name"
  | "email"
  | "street"
  | "city"
  | "postcode"
  | "region"
  | "phone"
  | "cardNumber"
  | "cardExpiry"
  | "cardCvc";
/** The shared schema's first message for one value (the server checks the same, ADR 023). */
const firstMessage = (schema: z.ZodType, value: string) =>
  schema.safeParse(value).error?.issues[0]?.message;
const contact = placeOrderSchema.shape;
export const FIELD_CHECKS: Record<CheckedField, (value: string) => string | undefined> = {
  name: (v) => firstMessage(contact.name, v),
  email: (v) => firstMessage(contact.email, v),
  street: (v) => firstMessage(addressSchema.shape.street, v),
  city: (v) => firstMessage(addressSchema.shape.city, v),
  postcode: (v) => firstMessage(addressSchema.shape.postcode, v),
  region: (v) => firstMessage(addressSchema.shape.region, v),
  phone: (v) => firstMessage(phoneSchema, v),
  cardNumber: (v) => firstMessage(demoCardSchema.shape.number, v),
  cardExpiry: (v) => firstMessage(demoCardSchema.shape.expiry, v),
  cardCvc: (v) => firstMessage(demoCardSchema.shape.cvc, v),
};
