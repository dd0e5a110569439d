// Saved cards for subscriptions (issue 21, ADR 029): one interface both providers meet, so the
// subscribe page and the renewal engine never ask which provider is behind it. Saving a card is
// Stripe's Customer + SetupIntent; each month's charge is a PaymentIntent with
// `off_session: true, confirm: true`, idempotent by a key of subscription and period. The demo
// provider does the same with Stripe's public test cards, remembering only which test card it was.
import { settings } from "#app/lib/env.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { DEMO_CARDS, DEMO_MESSAGES, DEMO_SAVED_CARDS } from "./demo-payments.server.ts";
import type { CardDetails, SavedCardProvider } from "./saved-card-provider.ts";
import { stripeSavedCards } from "./stripe-saved-cards.server.ts";

export type {
  CardDetails,
  OffSessionCharge,
  SavedCard,
  SavedCardProvider,
} from "./saved-card-provider.ts";
export { stripeSavedCards } from "./stripe-saved-cards.server.ts";

export const demoSavedCards: SavedCardProvider = {
  name: "demo",
  saveCard(card, owner, now = new Date()) {
    const [mm, yy] = card.expiry.split("/").map((p) => Number(p.trim()));
    if (new Date(Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1)) <= now)
      return Promise.resolve(failure("declined", DEMO_MESSAGES.expired));
    const saved = DEMO_SAVED_CARDS[card.number];
    if (!saved) {
      const message =
        card.number === DEMO_CARDS.declined
          ? DEMO_MESSAGES.declined
          : card.number === DEMO_CARDS.insufficientFunds
            ? DEMO_MESSAGES.insufficientFunds
            : DEMO_MESSAGES.unknown;
      return Promise.resolve(failure("declined", message));
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
    return Promise.resolve(failure("declined", DEMO_MESSAGES.declined));
  },
  // The demo takes no money, so there is none to give back.
  refundCharge: () => Promise.resolve(),
};

/** The provider for saved cards: Stripe's with its keys, the demo's without them outside production. */
export function savedCardProvider(): SavedCardProvider | null {
  const s = settings();
  if (s.stripe) return stripeSavedCards;
  return s.isProduction ? null : demoSavedCards;
}

type Replaced =
  /** The demo provider checked the card from the form and keeps it. */
  | { status: "saved"; customerId: string; paymentMethodId: string; label: string }
  /** Stripe: show the Payment Element for this SetupIntent; its return (or webhook) finishes it. */
  | {
      status: "confirm_in_browser";
      setupIntentId: string;
      clientSecret: string;
      publishableKey: string;
    };

export const REPLACE_CARD_MESSAGES = {
  noPayments: "Card changes aren't available right now. Your saved card is unchanged.",
  cardMissing: "Please enter the new card's number and expiry date.",
} as const;

/**
 * A new card for an existing customer (the member's "Update card"), either provider. The demo
 * checks `card` at once; Stripe answers a SetupIntent the browser confirms, whose `metadata` comes
 * back from `stripeSavedCards.finishCardSetup` and the webhook (e.g. { subscriptionId }).
 * `idempotencyKey` is the change's own: a retried request is the same SetupIntent.
 */
export async function replaceCard(
  request: {
    customerId: string;
    owner: { id: string; email: string; name?: string };
    card?: CardDetails;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  },
  now = new Date(),
): Promise<Outcome<Replaced>> {
  const provider = savedCardProvider();
  if (!provider) return failure("unavailable", REPLACE_CARD_MESSAGES.noPayments);
  if (provider.name === "stripe") {
    const setup = await stripeSavedCards.setUpCard({
      customerId: request.customerId,
      owner: request.owner,
      idempotencyKey: `replace-card:${request.idempotencyKey}`,
      metadata: { purpose: "replace-card", ...request.metadata },
    });
    return {
      ok: true,
      status: "confirm_in_browser",
      setupIntentId: setup.setupIntentId,
      clientSecret: setup.clientSecret,
      publishableKey: settings().stripe!.publishableKey,
    };
  }
  if (!request.card) return failure("invalid", REPLACE_CARD_MESSAGES.cardMissing);
  const saved = await provider.saveCard(request.card, request.owner, now);
  // The card's own refusal (declined, expired, not a card number), as the provider said it.
  if (!saved.ok) return saved;
  // The demo's customer is the subscription's: the card changes, the customer stays.
  return {
    ok: true,
    status: "saved",
    customerId: request.customerId,
    paymentMethodId: saved.paymentMethodId,
    label: saved.label,
  };
}
