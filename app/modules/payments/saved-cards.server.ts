// Saved cards for subscriptions (issue 21, ADR 029): one interface both providers meet, so the
// subscribe page and the renewal engine never ask which provider is behind it. Saving a card is
// Stripe's Customer + SetupIntent; each month's charge is a PaymentIntent with
// `off_session: true, confirm: true`, idempotent by a key of subscription and period. The demo
// provider does the same with Stripe's public test cards, remembering only which test card it was.
import { settings } from "#app/lib/env.server.ts";
import { DEMO_CARDS, DEMO_MESSAGES, DEMO_SAVED_CARDS } from "./demo-payments.server.ts";

export interface CardDetails {
  number: string;
  expiry: string;
}

export type SaveCardResult =
  | { ok: true; customerId: string; paymentMethodId: string; label: string }
  | { ok: false; message: string };

export interface OffSessionCharge {
  customerId: string;
  paymentMethodId: string;
  /** Cents, GST included. */
  amount: number;
  currency: string;
  /** Subscription and period: the same key never charges twice. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; message: string };

export interface SavedCardProvider {
  name: "demo" | "stripe";
  /** Checks and keeps the card for later charges; `owner` names the customer (a subscription). */
  saveCard(
    card: CardDetails,
    owner: { id: string; email: string },
    now?: Date,
  ): Promise<SaveCardResult>;
  /** Charges a saved card with nobody present. */
  chargeSavedCard(charge: OffSessionCharge): Promise<ChargeResult>;
}

export const demoSavedCards: SavedCardProvider = {
  name: "demo",
  saveCard(card, owner, now = new Date()) {
    const [mm, yy] = card.expiry.split("/").map((p) => Number(p.trim()));
    if (new Date(Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1)) <= now)
      return Promise.resolve({ ok: false, message: DEMO_MESSAGES.expired });
    const saved = DEMO_SAVED_CARDS[card.number];
    if (!saved) {
      const message =
        card.number === DEMO_CARDS.declined
          ? DEMO_MESSAGES.declined
          : card.number === DEMO_CARDS.insufficientFunds
            ? DEMO_MESSAGES.insufficientFunds
            : DEMO_MESSAGES.unknown;
      return Promise.resolve({ ok: false, message });
    }
    return Promise.resolve({
      ok: true,
      customerId: `demo_cus_${owner.id}`,
      paymentMethodId: `demo_pm_${saved.kind}`,
      label: `Visa ending ${card.number.slice(-4)}`,
    });
  },
  chargeSavedCard(charge) {
    // The test card's kind is in the demo payment method's id: 4242 pays, the "attaches but
    // declines later" card fails every off-session charge, as Stripe's 4000 0000 0000 0341 does.
    if (charge.paymentMethodId === "demo_pm_success")
      return Promise.resolve({ ok: true, reference: `demo_${charge.idempotencyKey}` });
    return Promise.resolve({ ok: false, message: DEMO_MESSAGES.declined });
  },
};

/** The provider for saved cards: Stripe's comes with the renewal engine (ADR 029); null means none. */
export function savedCardProvider(): SavedCardProvider | null {
  const s = settings();
  if (s.stripe) return null;
  return s.isProduction ? null : demoSavedCards;
}
