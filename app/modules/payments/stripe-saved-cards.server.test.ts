// Stripe's saved cards (ADR 035) through the official `stripe` library, against the local fake of
// Stripe's API: a Customer and a SetupIntent per attempt (a retry is the same ones), the card saved
// in the browser and read back from Stripe, off-session charges that a repeated idempotency key
// never makes twice, and Stripe's test cards that decline or need authentication off-session.
import { expect, test } from "vitest";
import { TEST_CARDS } from "#tests/setup/stripe-api.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { replaceCard, savedCardProvider } from "./saved-cards.server.ts";
import { STRIPE_CARD_MESSAGES, stripeSavedCards } from "./stripe-saved-cards.server.ts";
import { stripe } from "./stripe.server.ts";

const env = testServices({ stripe: true });

let attempts = 0;
/** A card saved the way /subscribe saves one: SetupIntent, then confirmed "in the browser". */
async function savedCard(number: string = TEST_CARDS.visa) {
  const key = `subscribe:test-${++attempts}`;
  const setup = await stripeSavedCards.setUpCard({
    owner: { email: "aroha@example.nz", name: "Aroha" },
    idempotencyKey: key,
    metadata: { purpose: "subscribe", attempt: String(attempts) },
  });
  env.stripe.confirmSetupIntent(setup.setupIntentId, number);
  const finished = await stripeSavedCards.finishCardSetup(setup.setupIntentId);
  if (finished.status !== "saved") throw new Error(`expected a saved card, got ${finished.status}`);
  return { key, setup, finished };
}

const charge = (saved: { customerId: string; paymentMethodId: string }, idempotencyKey: string) =>
  stripeSavedCards.chargeSavedCard({
    customerId: saved.customerId,
    paymentMethodId: saved.paymentMethodId,
    amount: 3999,
    currency: "USD",
    idempotencyKey,
    description: "1m² garden box, 2026-12-08",
    metadata: { subscriptionId: "sub-1" },
  });

test("with Stripe keys the saved-card provider is Stripe's, and it never takes a card number", async () => {
  expect(savedCardProvider()).toBe(stripeSavedCards);
  expect(
    await stripeSavedCards.saveCard(
      { number: TEST_CARDS.visa, expiry: "12/34" },
      { id: "x", email: "aroha@example.nz" },
    ),
  ).toEqual({
    ok: false,
    code: "unavailable",
    message: STRIPE_CARD_MESSAGES.inBrowser,
  });
});

test("saving a card: one Customer and one SetupIntent per attempt, the card read back from Stripe", async () => {
  const request = {
    owner: { email: "mere@example.nz", name: "Mere" },
    idempotencyKey: "subscribe:retry-me",
    metadata: { purpose: "subscribe", plan: "1m2" },
  };
  const first = await stripeSavedCards.setUpCard(request);
  const again = await stripeSavedCards.setUpCard(request);
  expect(again).toEqual(first);
  expect(env.stripe.customers.get(first.customerId)).toMatchObject({
    email: "mere@example.nz",
    name: "Mere",
  });
  expect(env.stripe.setupIntents.get(first.setupIntentId)).toMatchObject({
    customer: first.customerId,
    usage: "off_session",
    status: "requires_payment_method",
    metadata: { purpose: "subscribe", plan: "1m2" },
  });
  const posts = env.stripe.requests.filter(
    (r) => r.method === "POST" && r.idempotencyKey?.startsWith("subscribe:retry-me"),
  );
  expect(posts.map((r) => `${r.path} ${r.idempotencyKey}`)).toEqual([
    "/v1/customers subscribe:retry-me:customer",
    "/v1/setup_intents subscribe:retry-me:setup-intent",
    "/v1/customers subscribe:retry-me:customer",
    "/v1/setup_intents subscribe:retry-me:setup-intent",
  ]);

  // Not yet confirmed in the browser: pending, whatever the browser claims.
  expect(await stripeSavedCards.finishCardSetup(first.setupIntentId)).toEqual({
    status: "pending",
    metadata: request.metadata,
  });
  env.stripe.confirmSetupIntent(first.setupIntentId, TEST_CARDS.visa);
  const finished = await stripeSavedCards.finishCardSetup(first.setupIntentId);
  expect(finished).toEqual({
    status: "saved",
    customerId: first.customerId,
    paymentMethodId: expect.stringMatching(/^pm_/),
    label: "Visa ending 4242",
    metadata: request.metadata,
    created: env.stripe.setupIntents.get(first.setupIntentId)!.created,
  });
  expect(env.stripe.events.at(-1)).toMatchObject({
    type: "setup_intent.succeeded",
    data: { object: { id: first.setupIntentId, status: "succeeded" } },
  });

  // The card is the customer's at Stripe: listed, detached, attached again.
  const pmId = finished.status === "saved" ? finished.paymentMethodId : "";
  const listed = await stripe().paymentMethods.list({ customer: first.customerId, type: "card" });
  expect(listed.data.map((pm) => pm.id)).toEqual([pmId]);
  await stripe().paymentMethods.detach(pmId);
  expect(
    (await stripe().paymentMethods.list({ customer: first.customerId, type: "card" })).data,
  ).toEqual([]);
  await stripe().paymentMethods.attach(pmId, { customer: first.customerId });
  expect(env.stripe.paymentMethods.get(pmId)?.customer).toBe(first.customerId);
});

test("a card Stripe declines while saving is not saved, and says so", async () => {
  const setup = await stripeSavedCards.setUpCard({
    owner: { email: "tipene@example.nz" },
    idempotencyKey: "subscribe:declined",
    metadata: { purpose: "subscribe" },
  });
  env.stripe.confirmSetupIntent(setup.setupIntentId, TEST_CARDS.declined);
  expect(await stripeSavedCards.finishCardSetup(setup.setupIntentId)).toEqual({
    status: "failed",
    message: "Your card was declined. No money has been taken: please try another card.",
    metadata: { purpose: "subscribe" },
  });
});

test("an off-session charge with a repeated idempotency key is one PaymentIntent, one charge", async () => {
  const { finished } = await savedCard();
  const key = `subscription:sub-1:box:2026-12-08:${attempts}`;
  const first = await charge(finished, key);
  const second = await charge(finished, key);
  expect(first).toEqual({ ok: true, reference: expect.stringMatching(/^pi_/) });
  expect(second).toEqual(first);
  const intents = [...env.stripe.paymentIntents.values()].filter(
    (pi) => pi.customer === finished.customerId,
  );
  expect(intents).toEqual([
    expect.objectContaining({
      amount: 3999,
      currency: "usd",
      status: "succeeded",
      off_session: true,
      payment_method: finished.paymentMethodId,
      metadata: { purpose: "subscription", subscriptionId: "sub-1" },
    }),
  ]);
  const sent = env.stripe.requests.filter((r) => r.idempotencyKey === key);
  expect(sent).toHaveLength(2);
  expect(sent[0]!.body).toMatchObject({ off_session: "true", confirm: "true" });
  // Stripe sends one event for the one payment.
  expect(
    env.stripe.events.filter(
      (e) => e.type === "payment_intent.succeeded" && e.data.object.id === intents[0]!.id,
    ),
  ).toHaveLength(1);
  // The next period is another key: another charge.
  expect(await charge(finished, `${key}:next`)).toMatchObject({ ok: true });
});

test("4000 0000 0000 0341 saves, then every off-session charge is declined (and a retry of one is the same decline)", async () => {
  const { finished } = await savedCard(TEST_CARDS.declinesAfterAttaching);
  expect(finished.label).toBe("Visa ending 0341");
  const key = `subscription:sub-2:box:2026-12-08:${attempts}`;
  const declined = await charge(finished, key);
  expect(declined).toEqual({
    ok: false,
    code: "declined",
    reason: "card_declined",
    message: STRIPE_CARD_MESSAGES.declined,
    reference: expect.stringMatching(/^pi_/),
  });
  expect(await charge(finished, key)).toEqual(declined);
  const intent = env.stripe.paymentIntents.get((declined as { reference: string }).reference)!;
  expect(intent.status).toBe("requires_payment_method");
  expect(env.stripe.events.at(-1)).toMatchObject({
    type: "payment_intent.payment_failed",
    data: { object: { id: intent.id } },
  });
  expect(await charge(finished, `${key}:retry-1`)).toMatchObject({ ok: false });
});

test("4000 0027 6000 3184 fails off-session with authentication_required", async () => {
  const { finished } = await savedCard(TEST_CARDS.authenticationRequired);
  expect(await charge(finished, `subscription:sub-3:box:2026-12-08:${attempts}`)).toEqual({
    ok: false,
    code: "declined",
    reason: "authentication_required",
    message: STRIPE_CARD_MESSAGES.authenticationRequired,
    reference: expect.stringMatching(/^pi_/),
  });
});

test("a card that isn't the customer's, or no such customer, is Stripe's error, not a decline", async () => {
  const a = await savedCard();
  const b = await savedCard();
  await expect(
    charge(
      { customerId: a.finished.customerId, paymentMethodId: b.finished.paymentMethodId },
      "x1",
    ),
  ).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400 });
  await expect(
    charge({ customerId: "cus_nope", paymentMethodId: a.finished.paymentMethodId }, "x2"),
  ).rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "resource_missing" });
});

test("replacing a card is a new SetupIntent for the same customer; the new card then pays", async () => {
  const { finished } = await savedCard(TEST_CARDS.declinesAfterAttaching);
  const request = {
    customerId: finished.customerId,
    owner: { id: "sub-4", email: "aroha@example.nz" },
    idempotencyKey: `change-${attempts}`,
    metadata: { subscriptionId: "sub-4" },
  };
  const replaced = await replaceCard(request);
  expect(replaced).toEqual({
    ok: true,
    status: "confirm_in_browser",
    setupIntentId: expect.stringMatching(/^seti_/),
    clientSecret: expect.stringMatching(/^seti_.+_secret_/),
    publishableKey: "pk_test_fake",
  });
  expect(await replaceCard(request)).toEqual(replaced);
  if (!replaced.ok || replaced.status !== "confirm_in_browser") throw new Error("unreachable");
  expect(env.stripe.setupIntents.get(replaced.setupIntentId)).toMatchObject({
    customer: finished.customerId,
    metadata: { purpose: "replace-card", subscriptionId: "sub-4" },
  });
  env.stripe.confirmSetupIntent(replaced.setupIntentId, TEST_CARDS.visa);
  const next = await stripeSavedCards.finishCardSetup(replaced.setupIntentId);
  expect(next).toMatchObject({
    status: "saved",
    customerId: finished.customerId,
    label: "Visa ending 4242",
    metadata: { purpose: "replace-card", subscriptionId: "sub-4" },
  });
  if (next.status !== "saved") throw new Error("unreachable");
  expect(await charge(next, `subscription:sub-4:retry:${attempts}`)).toMatchObject({ ok: true });
});
