// Starting a subscription with Stripe (ADR 035), through the official `stripe` library against the
// local fake of Stripe's API: the form makes a SetupIntent carrying what to start, the card is
// confirmed "in the browser" (the fake, with Stripe's test cards), and the subscription is
// completed by whichever comes first of the page Stripe returns to and the signed
// setup_intent.succeeded webhook; the other, and every replay, late or out-of-order event, finds
// it done: one subscription, one charge, one e-mail. A card change is the same, per SetupIntent.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { paymentEvents, subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { handleStripeWebhook } from "#app/flows/handle-stripe-webhook.server.ts";
import { replaceCard } from "#app/modules/payments/saved-cards.server.ts";
import { STRIPE_CARD_MESSAGES } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { TEST_CARDS, type FakeEvent } from "#tests/setup/stripe-api.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { finishCardChange } from "./finish-card-change.server.ts";
import { openRegion } from "./regions.server.ts";
import { sendSubscriptionConfirmationJob } from "./send-subscription-confirmation.server.ts";
import {
  completeStripeSubscription,
  startStripeSubscription,
  STRIPE_SUBSCRIBE_MESSAGES,
} from "./start-stripe-subscription.server.ts";
import { SUBSCRIBE_MESSAGES } from "./subscribe.schema.ts";

const SECRET = "whsec_subscriptions_test";
const jobs = [sendSubscriptionConfirmationJob];
const env = testServices({
  smtp: true,
  stripe: { webhookSecret: SECRET },
  queues: jobs as never,
});

// 25 November 2026, 3pm in Auckland.
const NOW = new Date("2026-11-25T02:00:00Z");

async function member(name = "Aroha Ngata") {
  const id = await insertMember({ name });
  return { id, email: `${id}@example.nz`, name };
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: crypto.randomUUID(),
    plan: "1m2",
    deliveryWeek: "2",
    address: {
      street: "12 Kowhai Road",
      suburb: "Grey Lynn",
      city: "Auckland",
      region: "Auckland",
      postcode: "1021",
      rural: false,
    },
    ...overrides,
  };
}

/** The form sent, the card typed into Stripe's form: what the browser leaves behind. */
async function confirmedSetup(who: Awaited<ReturnType<typeof member>>, card: string) {
  await openRegion("Auckland", "test", NOW);
  const input = form();
  const started = await startStripeSubscription(input, who);
  if (!started.ok || !("setupIntentId" in started)) throw new Error("expected a SetupIntent");
  env.stripe.confirmSetupIntent(started.setupIntentId, card);
  return { input, setupIntentId: started.setupIntentId };
}

const deliver = (event: FakeEvent) => {
  const { body, signature } = env.stripe.signed(event, SECRET);
  return handleStripeWebhook(body, signature);
};
const eventsAbout = (id: string, type?: string) =>
  env.stripe.events.filter((e) => e.data.object.id === id && (!type || e.type === type));
const rowsOf = (userId: string) =>
  db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
const historyOf = (id: string) =>
  db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));
const intentsOf = (customerId: string | null) =>
  [...env.stripe.paymentIntents.values()].filter((pi) => pi.customer === customerId);

test("the form makes one SetupIntent carrying it; nothing is charged or stored before the card is confirmed", async () => {
  await openRegion("Auckland", "test", NOW);
  const who = await member();
  const input = form();
  const started = await startStripeSubscription(input, who);
  expect(started).toEqual({
    ok: true,
    setupIntentId: expect.stringMatching(/^seti_/),
    clientSecret: expect.stringMatching(/^seti_.+_secret_/),
    publishableKey: "pk_test_fake",
  });
  // A retried submit of the same page is the same SetupIntent.
  expect(await startStripeSubscription(input, who)).toEqual(started);
  if (!started.ok || !("setupIntentId" in started)) return;
  const intent = env.stripe.setupIntents.get(started.setupIntentId)!;
  expect(intent).toMatchObject({
    usage: "off_session",
    status: "requires_payment_method",
    metadata: {
      purpose: "subscribe",
      subscribeKey: input.idempotencyKey,
      userId: who.id,
      plan: "1m2",
      deliveryWeek: "2",
      region: "Auckland",
      postcode: "1021",
    },
  });
  expect(env.stripe.customers.get(intent.customer!)).toMatchObject({
    email: who.email,
    name: who.name,
  });
  expect(await rowsOf(who.id)).toEqual([]);
  // Back from Stripe before the card was confirmed: not yet, and still nothing charged.
  expect(await completeStripeSubscription(started.setupIntentId, who, NOW)).toMatchObject({
    ok: false,
    code: "pending",
    message: STRIPE_SUBSCRIBE_MESSAGES.pending,
  });
  expect(intentsOf(intent.customer)).toEqual([]);
});

test("the return completes the subscription once; the webhook after it, twice, changes nothing", async () => {
  const who = await member();
  const { input, setupIntentId } = await confirmedSetup(who, TEST_CARDS.visa);
  const done = await completeStripeSubscription(setupIntentId, who, NOW);
  expect(done).toMatchObject({ ok: true, created: true });
  if (!done.ok) return;
  const [sub] = await rowsOf(who.id);
  const setup = env.stripe.setupIntents.get(setupIntentId)!;
  expect(sub).toMatchObject({
    id: done.subscriptionId,
    status: "active",
    price: 3999,
    nextBoxOn: "2026-12-08",
    paymentProvider: "stripe",
    providerCustomerId: setup.customer,
    providerPaymentMethodId: setup.payment_method,
    cardLabel: "Visa ending 4242",
    address: { street: "12 Kowhai Road", suburb: "Grey Lynn", zip: "1021" },
  });
  const [charge] = intentsOf(setup.customer);
  expect(charge).toMatchObject({
    amount: 3999,
    currency: "usd",
    status: "succeeded",
    off_session: true,
    metadata: { purpose: "subscription", subscribeKey: input.idempotencyKey },
  });
  expect(
    env.stripe.requests.filter((r) => r.path === "/v1/payment_intents").at(-1)?.idempotencyKey,
  ).toBe(`subscribe:${input.idempotencyKey}:first-box`);

  // Stripe's events arrive after the return: twice each, and the charge's before the setup's.
  const [setupEvent] = eventsAbout(setupIntentId, "setup_intent.succeeded");
  const [paidEvent] = eventsAbout(charge!.id, "payment_intent.succeeded");
  for (const event of [paidEvent!, setupEvent!, setupEvent!, paidEvent!]) {
    const answer = await deliver(event);
    expect(answer.ok).toBe(true);
  }
  expect(await deliver(setupEvent!)).toEqual({ ok: true, duplicate: true });
  expect(await completeStripeSubscription(setupIntentId, who, NOW)).toEqual({
    ok: true,
    subscriptionId: done.subscriptionId,
    created: false,
  });
  expect(await rowsOf(who.id)).toHaveLength(1);
  expect(intentsOf(setup.customer)).toHaveLength(1);
  expect((await historyOf(done.subscriptionId)).map((e) => e.type).sort()).toEqual([
    "charged",
    "started",
  ]);
  const recorded = await db().select().from(paymentEvents);
  expect(recorded.filter((e) => e.id === setupEvent!.id || e.id === paidEvent!.id)).toHaveLength(2);
  await drainQueue(jobs);
  expect(env.smtp.messages.filter((m) => m.to === who.email)).toHaveLength(1);
});

test("the webhook first and the return late: the same one subscription, and only its owner may look", async () => {
  const who = await member();
  const { setupIntentId } = await confirmedSetup(who, TEST_CARDS.visa);
  const [event] = eventsAbout(setupIntentId, "setup_intent.succeeded");
  expect(await deliver(event!)).toEqual({ ok: true, duplicate: false });
  const [sub] = await rowsOf(who.id);
  expect(sub).toMatchObject({ status: "active", paymentProvider: "stripe" });

  const someoneElse = await member("Tame Iti");
  expect(await completeStripeSubscription(setupIntentId, someoneElse, NOW)).toMatchObject({
    ok: false,
    code: "forbidden",
    message: STRIPE_SUBSCRIBE_MESSAGES.notYours,
  });
  expect(await completeStripeSubscription(setupIntentId, who, NOW)).toEqual({
    ok: true,
    subscriptionId: sub!.id,
    created: false,
  });
  expect(await rowsOf(who.id)).toHaveLength(1);
  expect(intentsOf(sub!.providerCustomerId)).toHaveLength(1);
});

test("4000 0000 0000 0341 saves, but the first box's off-session charge is declined: nothing starts", async () => {
  const who = await member();
  const { setupIntentId } = await confirmedSetup(who, TEST_CARDS.declinesAfterAttaching);
  const answer = await completeStripeSubscription(setupIntentId, who, NOW);
  expect(answer).toMatchObject({
    ok: false,
    code: "invalid",
    message: STRIPE_CARD_MESSAGES.declined,
    declined: true,
  });
  // The webhook's try is the same declined PaymentIntent (the same key), not a second attempt.
  const [event] = eventsAbout(setupIntentId, "setup_intent.succeeded");
  expect((await deliver(event!)).ok).toBe(true);
  expect(await rowsOf(who.id)).toEqual([]);
  const setup = env.stripe.setupIntents.get(setupIntentId)!;
  expect(intentsOf(setup.customer)).toEqual([
    expect.objectContaining({ status: "requires_payment_method" }),
  ]);
  const [failed] = env.stripe.events.filter(
    (e) => e.type === "payment_intent.payment_failed" && e.data.object.customer === setup.customer,
  );
  expect((await deliver(failed!)).ok).toBe(true);
  expect(await rowsOf(who.id)).toEqual([]);
});

test("a card that needs authentication off-session is refused with a message; one declined in Stripe's form too", async () => {
  const who = await member();
  const auth = await confirmedSetup(who, TEST_CARDS.authenticationRequired);
  expect(await completeStripeSubscription(auth.setupIntentId, who, NOW)).toMatchObject({
    ok: false,
    code: "invalid",
    message: STRIPE_CARD_MESSAGES.authenticationRequired,
    declined: true,
  });
  const declined = await confirmedSetup(who, TEST_CARDS.declined);
  expect(await completeStripeSubscription(declined.setupIntentId, who, NOW)).toMatchObject({
    ok: false,
    code: "invalid",
    message: "Your card was declined. No money has been taken: please try another card.",
    declined: true,
  });
  expect(await rowsOf(who.id)).toEqual([]);
});

test("a closed region, a running subscription or a bad form is refused before Stripe is asked", async () => {
  const who = await member();
  const before = env.stripe.requests.length;
  expect(
    await startStripeSubscription(
      form({ address: { ...form().address, region: "Otago", postcode: "9016" } }),
      who,
    ),
  ).toEqual({ ok: false, code: "conflict", message: SUBSCRIBE_MESSAGES.regionClosed("Otago") });
  expect(await startStripeSubscription(form({ plan: "3m2" }), who)).toMatchObject({
    ok: false,
    code: "invalid",
    fieldErrors: { plan: SUBSCRIBE_MESSAGES.plan },
  });
  expect(env.stripe.requests.length).toBe(before);
  expect(await completeStripeSubscription("not-a-setup-intent", who, NOW)).toMatchObject({
    ok: false,
    code: "invalid",
  });

  const { setupIntentId } = await confirmedSetup(who, TEST_CARDS.visa);
  expect(await completeStripeSubscription(setupIntentId, who, NOW)).toMatchObject({ ok: true });
  const asked = env.stripe.requests.length;
  expect(await startStripeSubscription(form(), who)).toEqual({
    ok: false,
    code: "conflict",
    message: SUBSCRIBE_MESSAGES.alreadySubscribed,
  });
  expect(env.stripe.requests.length).toBe(asked);
});

test("a card change is written once per SetupIntent, and a late event for an older change never brings its card back", async () => {
  const who = await member();
  const good = await confirmedSetup(who, TEST_CARDS.visa);
  const done = await completeStripeSubscription(good.setupIntentId, who, NOW);
  if (!done.ok) throw new Error(done.message);
  const [sub] = await rowsOf(who.id);

  const change = async (key: string, card: string) => {
    const asked = await replaceCard({
      customerId: sub!.providerCustomerId!,
      owner: { id: sub!.id, email: who.email },
      idempotencyKey: key,
      metadata: { subscriptionId: sub!.id },
    });
    if (!asked.ok || asked.status !== "confirm_in_browser") throw new Error("expected Stripe");
    env.stripe.confirmSetupIntent(asked.setupIntentId, card);
    return asked.setupIntentId;
  };
  const older = await change(`older-${sub!.id}`, TEST_CARDS.declinesAfterAttaching);
  // Made a second later at Stripe: the newer change.
  env.stripe.setupIntents.get(older)!.created -= 1;
  const newer = await change(`newer-${sub!.id}`, TEST_CARDS.authenticationRequired);

  // The newer one returns first; then its webhook twice; then the older one's late event.
  expect(await finishCardChange(newer, who)).toEqual({
    ok: true,
    subscriptionId: sub!.id,
    changed: true,
    label: "Visa ending 3184",
  });
  const [newerEvent] = eventsAbout(newer, "setup_intent.succeeded");
  const [olderEvent] = eventsAbout(older, "setup_intent.succeeded");
  expect((await deliver(newerEvent!)).ok).toBe(true);
  expect(await deliver(newerEvent!)).toEqual({ ok: true, duplicate: true });
  expect((await deliver(olderEvent!)).ok).toBe(true);
  expect(await finishCardChange(older, who)).toMatchObject({ ok: true, changed: false });

  const [after] = await rowsOf(who.id);
  expect(after).toMatchObject({
    providerPaymentMethodId: env.stripe.setupIntents.get(newer)!.payment_method,
    cardLabel: "Visa ending 3184",
  });
  const changes = (await historyOf(sub!.id)).filter((e) => e.type === "card_updated");
  expect(changes).toHaveLength(1);
  // Someone else can't finish this member's change.
  expect(await finishCardChange(newer, await member("Tame Iti"))).toMatchObject({
    ok: false,
    code: "not-found",
  });
});

test("ten tabs confirming their cards at once: one charge at Stripe, one subscription, nine answered with it", async () => {
  await openRegion("Auckland", "test", NOW);
  const who = await member();
  const setups: string[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < 10; i++) {
    const input = form();
    keys.add(input.idempotencyKey);
    const started = await startStripeSubscription(input, who);
    if (!started.ok || !("setupIntentId" in started)) throw new Error("expected a SetupIntent");
    env.stripe.confirmSetupIntent(started.setupIntentId, TEST_CARDS.visa);
    setups.push(started.setupIntentId);
  }
  const results = await Promise.all(setups.map((id) => completeStripeSubscription(id, who, NOW)));
  const [sub, ...others] = await rowsOf(who.id);
  expect(others).toEqual([]);
  expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
  for (const r of results) expect(r).toMatchObject({ ok: true, subscriptionId: sub!.id });
  const charges = [...env.stripe.paymentIntents.values()].filter((pi) =>
    keys.has(pi.metadata.subscribeKey ?? ""),
  );
  expect(charges).toHaveLength(1);
});
