// How much of a member's credit pays a charge (ADR 040, amended): all it can, except that a card is
// never asked for less than the payment provider's smallest charge. Stripe refuses a card payment
// under 50 cents (NZD, AUD, USD), so a box that credit would leave 1 to 49 cents short takes that
// much less credit, which stays on the ledger for the next box. Also read by the subscribe form's
// summary, so no server imports.

/** The smallest amount a card is charged, in cents (Stripe's minimum for NZD, AUD and USD). */
export const SMALLEST_CARD_CHARGE = 50;

/** The credit, in cents, that pays `amount` cents from a balance of `balance` cents. */
export function creditToUse(balance: number, amount: number): number {
  const use = Math.min(Math.max(balance, 0), Math.max(amount, 0));
  const card = amount - use;
  return card > 0 && card < SMALLEST_CARD_CHARGE ? Math.max(amount - SMALLEST_CARD_CHARGE, 0) : use;
}
