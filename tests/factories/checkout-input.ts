// What a checkout posts to placeOrder in the tests: one product at standard shipping, a buyer with
// a New Zealand address, and a fresh idempotency key (a new order each time).
import { randomUUID } from "node:crypto";

export interface Buyer {
  name: string;
  email: string;
  address: { street: string; city: string; region: string; postcode: string };
}

export const HEMI: Buyer = {
  name: "Hemi",
  email: "hemi@example.nz",
  address: { street: "9 Kauri Street", city: "Whangārei", region: "Northland", postcode: "0110" },
};

export function checkoutInput(
  item: { productId: string; price: number; quantity?: number },
  buyer: Buyer = HEMI,
) {
  return {
    idempotencyKey: randomUUID(),
    ...buyer,
    shippingMethod: "standard",
    items: [{ productId: item.productId, quantity: item.quantity ?? 1, price: item.price }],
  };
}
