// The checkout form kept in the browser under 'checkout-storage' (SPEC §3 "Checkout info"): name,
// email, address {street, city, state, zip, country}, shippingMethod, paymentMethod, plus the
// suburb, a phone for the courier, the rural flag and this attempt's idempotency key. Card details are never kept here.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { ShippingMethod } from "./pricing.ts";

export const CHECKOUT_STORAGE_KEY = "checkout-storage";

export interface CheckoutAddress {
  street: string;
  suburb: string;
  city: string;
  /** The region. */
  state: string;
  /** The 4-digit postcode. */
  zip: string;
  country: string;
  rural: boolean;
}

export interface CheckoutState {
  name: string;
  email: string;
  /** For the courier, as typed; optional. */
  phone: string;
  address: CheckoutAddress;
  shippingMethod: ShippingMethod;
  paymentMethod: "card";
  /** One per checkout attempt: a retried submit sends the same key and finds the same order. */
  attemptKey: string;
  update(patch: Partial<Pick<CheckoutState, "name" | "email" | "phone" | "shippingMethod">>): void;
  updateAddress(patch: Partial<CheckoutAddress>): void;
  /** After an order is paid or has expired, the next checkout is a new attempt. */
  newAttempt(): void;
}

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : "";

export const useCheckout = create<CheckoutState>()(
  persist(
    (set) => ({
      name: "",
      email: "",
      phone: "",
      address: {
        street: "",
        suburb: "",
        city: "",
        state: "",
        zip: "",
        country: "New Zealand",
        rural: false,
      },
      shippingMethod: "standard",
      paymentMethod: "card",
      attemptKey: "",
      update: (patch) => set(patch),
      updateAddress: (patch) => set((s) => ({ address: { ...s.address, ...patch } })),
      newAttempt: () => set({ attemptKey: newKey() }),
    }),
    {
      name: CHECKOUT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: ({ name, email, phone, address, shippingMethod, paymentMethod, attemptKey }) => ({
        name,
        email,
        phone,
        address,
        shippingMethod,
        paymentMethod,
        attemptKey,
      }),
    },
  ),
);
