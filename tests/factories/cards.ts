// Stripe's public test cards as a person types them into the demo checkout. The expiry is worked
// out from today (December of next year), so the tests never start failing the day a fixed year
// goes by.
import { DEMO_CARDS } from "#app/modules/payments/demo-payments.server.ts";

/** MM/YY for December of next year: always in the future, never more than two years out. */
export function futureExpiry(now = new Date()): string {
  return `12/${String((now.getUTCFullYear() + 1) % 100).padStart(2, "0")}`;
}

export function testCard(kind: keyof typeof DEMO_CARDS, now = new Date()) {
  return { number: DEMO_CARDS[kind], expiry: futureExpiry(now), cvc: "123" };
}
