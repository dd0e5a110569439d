// The checkout form, one schema for the browser and the server (SPEC §3 "Checkout info").
import type { OrderAddress } from "#db/schema/index.ts";
import { fieldErrors } from "#app/lib/outcome.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { E164, normalisePhone } from "#app/lib/phone.ts";
import { SHIPPING_METHODS, type ShippingMethod } from "./pricing.ts";

export const MESSAGES = {
  name: "Please enter your name",
  email: "Please enter a valid email address",
  phone: "Please enter a phone number like 021 555 0142, or +61 4 1234 5678 from overseas",
  street: "Please enter the street address",
  city: "Please enter the town or city",
  region: "Please select your region in New Zealand",
  postcode: "Please enter a 4-digit New Zealand postcode",
  cart: "Your cart is empty",
  cardNumber: "Please enter the card number",
  cardNumberWrong: "This card number isn't right. Please check it against your card.",
  cardExpiry: "Please enter the expiry date as MM/YY",
  cardExpired: "That card has expired. Please check the expiry date or use another card.",
  cardCvc: "Please enter the 3 or 4 digit security code",
  failed: "We couldn't place your order. Please check the form and try again.",
} as const;

const text = (max: number, message: string) =>
  freeText({ max, tooLong: message, notText: message }).min(1, { message });

export const cartLinesSchema = z
  .array(
    z.object({
      productId: z.string().regex(/^[a-z0-9-]{1,80}$/),
      quantity: z.number().int().min(1).max(99),
      /** The unit price the person saw, in cents: a different current price stops the order. */
      price: z.number().int().min(0),
    }),
  )
  .min(1, { message: MESSAGES.cart })
  .max(50);
export type CartLineInput = z.infer<typeof cartLinesSchema>[number];

export const addressSchema = z.object({
  street: text(200, MESSAGES.street),
  suburb: freeText({ max: 100 }).optional().default(""),
  city: text(100, MESSAGES.city),
  region: z.enum(NZ_REGIONS, { message: MESSAGES.region }),
  postcode: z
    .string({ message: MESSAGES.postcode })
    .trim()
    .regex(/^\d{4}$/, { message: MESSAGES.postcode }),
  rural: z.boolean().default(false),
});

export type AddressInput = z.infer<typeof addressSchema>;

/** The address as an order or a subscription keeps it (SPEC §3: the region in `state` too). */
export function storedAddress(a: AddressInput): OrderAddress {
  return {
    street: a.street,
    suburb: a.suburb || undefined,
    city: a.city,
    state: a.region,
    zip: a.postcode,
    country: "New Zealand",
    rural: a.rural,
  };
}

/** A phone number for the courier: empty is none; anything else must read as a number. */
export const phoneSchema = z
  .string({ message: MESSAGES.phone })
  .max(40, { message: MESSAGES.phone })
  .optional()
  .transform((v) => (v?.trim() ? normalisePhone(v) : undefined))
  .pipe(z.string().regex(E164, { message: MESSAGES.phone }).optional());

export const quoteSchema = z.object({
  items: cartLinesSchema,
  shippingMethod: z.enum(Object.keys(SHIPPING_METHODS) as [ShippingMethod, ...ShippingMethod[]]),
  rural: z.boolean().default(false),
});

export const placeOrderSchema = quoteSchema.extend({
  idempotencyKey: z.uuid(),
  name: text(120, MESSAGES.name),
  email: z
    .email({ message: MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, { message: MESSAGES.email }),
  /** For the courier: optional, but a number given must be one they can ring. */
  phone: phoneSchema,
  address: addressSchema,
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** The Luhn check digit every card number carries: catches a mistyped or swapped digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A card's expiry as people type it (issue 39): `1229`, `12/29`, `12 / 2029`, `1/29` all read as
 * MM/YY. Anything else is kept as typed, for the MM/YY check to refuse in words.
 */
export function normalizeExpiry(typed: string): string {
  const v = typed.trim();
  const m =
    /^(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|20\d{2})$/.exec(v) ??
    /^(0[1-9]|1[0-2])(\d{2}|20\d{2})$/.exec(v);
  if (!m) return v;
  return `${m[1]!.padStart(2, "0")}/${m[2]!.slice(-2)}`;
}

/** Whether a card's MM/YY has passed: a card runs to the end of its month (UTC). */
export function expiryHasPassed(expiry: string, now = new Date()): boolean {
  const [mm, yy] = expiry.split("/").map((p) => Number(p.trim()));
  return Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1) <= now.getTime();
}

/**
 * Card details for the demo provider only; never stored, never logged. The browser checks them as
 * the person leaves each field, and the server again with the time of the order.
 */
export const demoCardSchema = z.object({
  number: z
    .string({ message: MESSAGES.cardNumber })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, { message: MESSAGES.cardNumber })
        .refine(passesLuhn, { message: MESSAGES.cardNumberWrong, abort: true }),
    ),
  expiry: z
    .string({ message: MESSAGES.cardExpiry })
    .transform(normalizeExpiry)
    .pipe(
      z
        .string()
        .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { message: MESSAGES.cardExpiry })
        .refine((v) => !expiryHasPassed(v), { message: MESSAGES.cardExpired, abort: true }),
    ),
  cvc: z
    .string({ message: MESSAGES.cardCvc })
    .trim()
    .regex(/^\d{3,4}$/, { message: MESSAGES.cardCvc }),
});

export type CheckoutField =
  | "name"
  | "email"
  | "phone"
  | "street"
  | "city"
  | "region"
  | "postcode"
  | "items"
  | "cardNumber"
  | "cardExpiry"
  | "cardCvc";

/** The first message per form field, keyed by the form's field names. */
export function checkoutFieldErrors(error: z.ZodError): Partial<Record<CheckoutField, string>> {
  return fieldErrors(error, ([head, second]) =>
    head === "address"
      ? (second as CheckoutField)
      : head === "card"
        ? (`card${String(second).charAt(0).toUpperCase()}${String(second).slice(1)}` as CheckoutField)
        : (String(head ?? "form") as CheckoutField),
  );
}

/** Reads a posted form field as a string (absent when missing). */
export function formString(form: FormData, key: string): string | undefined {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
}

/** Reads the named posted fields as strings, each absent when missing. */
export function formStrings<K extends string>(
  form: FormData,
  keys: readonly K[],
): Record<K, string | undefined> {
  return Object.fromEntries(keys.map((k) => [k, formString(form, k)])) as Record<
    K,
    string | undefined
  >;
}

/** A posted checkbox: ticked ("on") or set by a script ("true"). */
export function formTicked(form: FormData, key: string): boolean {
  return form.get(key) === "on" || form.get(key) === "true";
}

/** The delivery address fields as the checkout names them (also /subscribe and its changes). */
export function deliveryAddressFields(form: FormData) {
  return {
    ...formStrings(form, ["street", "suburb", "city", "region", "postcode"]),
    rural: formTicked(form, "rural"),
  };
}

/** The demo card's fields as the checkout names them. */
export function cardFormFields(form: FormData) {
  const str = (k: string) => formString(form, k);
  return { number: str("cardNumber"), expiry: str("cardExpiry"), cvc: str("cardCvc") };
}

/** Reads the posted checkout form into the shape the schemas parse. */
export function checkoutFormValues(form: FormData) {
  const str = (k: string) => formString(form, k);
  let items: unknown = [];
  try {
    items = JSON.parse(str("items") ?? "[]");
  } catch {
    items = [];
  }
  return {
    ...formStrings(form, ["idempotencyKey", "name", "email", "phone", "shippingMethod"]),
    address: deliveryAddressFields(form),
    rural: formTicked(form, "rural"),
    items,
    card: cardFormFields(form),
  };
}
