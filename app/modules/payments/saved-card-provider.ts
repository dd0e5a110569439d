// The shape of a saved-card provider (issue 21, ADR 029, ADR 035): what the subscribe page, the
// member's card change and the renewal engine call, whichever provider is behind it. Types only, so
// the demo and the Stripe adapters can both name them without importing each other.

import type { Outcome } from "#app/lib/outcome.ts";

export interface CardDetails {
  number: string;
  expiry: string;
}

/** A card kept for later charges: its customer, payment method and how it is shown. */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  label: string;
}

export interface OffSessionCharge {
  customerId: string;
  paymentMethodId: string;
  /** Cents, GST included. */
  amount: number;
  currency: string;
  /** Subscription and period: the same key never charges twice. */
  idempotencyKey: string;
  description: string;
  /** Kept with the payment at the provider (e.g. the subscription's id), for its webhooks. */
  metadata?: Record<string, string>;
}

export interface SavedCardProvider {
  name: "demo" | "stripe";
  /** Checks and keeps the card for later charges; `owner` names the customer (a subscription). */
  saveCard(
    card: CardDetails,
    owner: { id: string; email: string },
    now?: Date,
  ): Promise<Outcome<SavedCard>>;
  /**
   * Charges a saved card with nobody present: the payment's `reference`, or "declined" with
   * Stripe's `reason` when there is one ("authentication_required", "card_declined"...) and the
   * failed attempt's PaymentIntent as `reference` when the provider made one.
   */
  chargeSavedCard(
    charge: OffSessionCharge,
  ): Promise<Outcome<{ reference: string }, { reason?: string; reference?: string }>>;
  /**
   * Refunds a charge this provider made (its `reference`) in full; the same key is the same
   * refund. The renewal calls it for a box charged while its account was being deleted.
   */
  refundCharge(reference: string, idempotencyKey: string): Promise<void>;
}
