// Stripe's side of saved cards (issue 21, ADR 035): the card is typed into Stripe's Payment Element
// and confirmed there against a SetupIntent (usage off_session) for a Customer, so it never reaches
// our server; we read back the SetupIntent to learn the PaymentMethod it saved, and each month
// charge it with a PaymentIntent `off_session: true, confirm: true` under the engine's idempotency
// key (the same key is the same PaymentIntent at Stripe: never a second charge).
import Stripe from "stripe";
import { failure } from "#app/lib/outcome.ts";
import { DEMO_MESSAGES } from "./demo-payments.server.ts";
import type { SavedCardProvider } from "./saved-card-provider.ts";
import { refundStripePayment, stripe } from "./stripe.server.ts";

export const STRIPE_CARD_MESSAGES = {
  inBrowser: "Please enter your card in the secure card form.",
  authenticationRequired:
    "Your bank wants you to confirm this payment, which we can't do while you're away. No money has been taken: please update your card.",
  declined: DEMO_MESSAGES.declined,
  notSaved:
    "Your card wasn't saved. No money has been taken: please try again or use another card.",
} as const;

export interface CardSetupRequest {
  /** The member's Stripe Customer, when replacing a card; a new one is made otherwise. */
  customerId?: string;
  owner: { email: string; name?: string };
  /** Keys the Customer and SetupIntent: a retried request gets the same ones back. */
  idempotencyKey: string;
  /** What the setup is for, read back when it has succeeded (Stripe keeps it with the intent). */
  metadata: Record<string, string>;
}

export interface CardSetup {
  customerId: string;
  setupIntentId: string;
  clientSecret: string;
}

export type FinishedCardSetup =
  | {
      status: "saved";
      customerId: string;
      paymentMethodId: string;
      label: string;
      metadata: Record<string, string>;
      /** When the SetupIntent was made (Unix seconds): of two card changes, the later one wins. */
      created: number;
    }
  /** Not confirmed yet (the member is still in Stripe's form, or the bank is deciding). */
  | { status: "pending"; metadata: Record<string, string> }
  /** Stripe refused the card: the member is asked for another. */
  | { status: "failed"; message: string; metadata: Record<string, string> };

export interface StripeSavedCardProvider extends SavedCardProvider {
  name: "stripe";
  /** A SetupIntent the browser confirms with the Payment Element. */
  setUpCard(request: CardSetupRequest): Promise<CardSetup>;
  /** What a SetupIntent saved, read from Stripe (never from the browser's word). */
  finishCardSetup(setupIntentId: string): Promise<FinishedCardSetup>;
}

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** "Visa ending 4242", as the demo provider says it. */
export function cardLabel(card: { brand?: string; last4?: string } | null | undefined): string {
  if (!card?.last4) return "Saved card";
  return `${BRANDS[card.brand ?? ""] ?? "Card"} ending ${card.last4}`;
}

export const stripeSavedCards: StripeSavedCardProvider = {
  name: "stripe",
  saveCard() {
    // With Stripe the card number never reaches us: setUpCard and the Payment Element save it.
    return Promise.resolve(failure("unavailable", STRIPE_CARD_MESSAGES.inBrowser));
  },

  async setUpCard({ customerId, owner, idempotencyKey, metadata }) {
    const customer =
      customerId ??
      (
        await stripe().customers.create(
          { email: owner.email, name: owner.name, metadata },
          { idempotencyKey: `${idempotencyKey}:customer` },
        )
      ).id;
    const intent = await stripe().setupIntents.create(
      { customer, usage: "off_session", automatic_payment_methods: { enabled: true }, metadata },
      { idempotencyKey: `${idempotencyKey}:setup-intent` },
    );
    if (!intent.client_secret) throw new Error("Stripe returned no client secret");
    return { customerId: customer, setupIntentId: intent.id, clientSecret: intent.client_secret };
  },

  async finishCardSetup(setupIntentId) {
    const intent = await stripe().setupIntents.retrieve(setupIntentId);
    const metadata = (intent.metadata ?? {}) as Record<string, string>;
    if (intent.status !== "succeeded") {
      if (intent.status === "requires_payment_method" && intent.last_setup_error)
        return {
          status: "failed",
          message: intent.last_setup_error.message
            ? `${intent.last_setup_error.message.replace(/\.$/, "")}. No money has been taken: please try another card.`
            : STRIPE_CARD_MESSAGES.notSaved,
          metadata,
        };
      return { status: "pending", metadata };
    }
    const customerId = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
    const pmId =
      typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
    if (!customerId || !pmId)
      return { status: "failed", message: STRIPE_CARD_MESSAGES.notSaved, metadata };
    const pm = await stripe().paymentMethods.retrieve(pmId);
    return {
      status: "saved",
      customerId,
      paymentMethodId: pmId,
      label: cardLabel(pm.card),
      metadata,
      created: intent.created,
    };
  },

  async chargeSavedCard(charge) {
    try {
      const intent = await stripe().paymentIntents.create(
        {
          amount: charge.amount,
          currency: charge.currency.toLowerCase(),
          customer: charge.customerId,
          payment_method: charge.paymentMethodId,
          off_session: true,
          confirm: true,
          description: charge.description,
          // Says whose the payment is, so its webhook events reach the subscriptions' handler.
          metadata: { purpose: "subscription", ...charge.metadata },
        },
        { idempotencyKey: charge.idempotencyKey },
      );
      if (intent.status === "succeeded") return { ok: true, reference: intent.id };
      // Anything else off-session (processing is rare for cards) is not money taken.
      return failure("declined", STRIPE_CARD_MESSAGES.declined, { reference: intent.id });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      const reason = error.code ?? "card_declined";
      return failure(
        "declined",
        reason === "authentication_required"
          ? STRIPE_CARD_MESSAGES.authenticationRequired
          : STRIPE_CARD_MESSAGES.declined,
        { reason, reference: error.payment_intent?.id },
      );
    }
  },

  async refundCharge(reference, idempotencyKey) {
    await refundStripePayment(reference, reference, idempotencyKey);
  },
};
