// A card saved at the Stripe fake as /subscribe saves one: a Customer and a SetupIntent the
// "browser" confirms with Stripe's 4242 test card, read back as a saved card.
import { stripeSavedCards } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { TEST_CARDS, type FakeStripe } from "#tests/setup/stripe-api.ts";

export async function savedStripeCard(stripe: FakeStripe, email: string) {
  const setup = await stripeSavedCards.setUpCard({
    owner: { email, name: email.split("@")[0]! },
    idempotencyKey: `subscribe:${email}`,
    metadata: { purpose: "subscribe" },
  });
  stripe.confirmSetupIntent(setup.setupIntentId, TEST_CARDS.visa);
  const card = await stripeSavedCards.finishCardSetup(setup.setupIntentId);
  if (card.status !== "saved") throw new Error(`expected a saved card, got ${card.status}`);
  return card;
}
