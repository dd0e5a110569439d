// /subscribe with Stripe keys (issue 21, ADR 035), through the route's loader and action on a real
// database, a signed-in member's session, and the official `stripe` library against the local fake
// of Stripe's API. Stripe.js can't run here (it comes from js.stripe.com), so where the browser
// would confirm the SetupIntent in the Payment Element the fake does, with Stripe's test cards;
// Stripe then sends the browser back to /subscribe?setup_intent=…, which the loader finishes.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { handleStripeWebhook } from "#app/flows/handle-stripe-webhook.server.ts";
import { STRIPE_CARD_MESSAGES } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { openRegion } from "#app/modules/subscriptions/regions.server.ts";
import { sendSubscriptionConfirmationJob } from "#app/modules/subscriptions/send-subscription-confirmation.server.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { TEST_CARDS } from "#tests/setup/stripe-api.ts";
import { load, signedIn, submit as submitForm } from "#tests/setup/subscribe-route.ts";
import { testServices } from "#tests/setup/test-services.ts";

const SECRET = "whsec_subscribe_route_test";
const jobs = [sendSubscriptionConfirmationJob];
const env = testServices({
  smtp: true,
  stripe: { webhookSecret: SECRET },
  queues: jobs as never,
});

const submit = (cookie: string, fields: Record<string, string>) =>
  submitForm(cookie, fields, "?plan=2m2");

const formFields = (idempotencyKey: string) => ({
  idempotencyKey,
  plan: "2m2",
  deliveryWeek: "3",
  street: "4 Pohutukawa Avenue",
  suburb: "Ponsonby",
  city: "Auckland",
  region: "Auckland",
  postcode: "1011",
});

/** Loader, form, Stripe's card form with `card`, and the page Stripe returns to. */
async function journey(email: string, card: string) {
  await openRegion("Auckland", "test");
  const cookie = await signedIn(email);
  const page = await load(cookie, "?plan=2m2");
  if (page instanceof Response) throw new Error(`loader answered ${page.status}`);
  expect(page).toMatchObject({ payments: "stripe", planId: "2m2" });
  const sent = await submit(cookie, formFields(page.idempotencyKey));
  expect(sent.answer?.data).toEqual({
    cardSetup: {
      clientSecret: expect.stringMatching(/^seti_.+_secret_/),
      publishableKey: "pk_test_fake",
      planId: "2m2",
      price: expect.any(Number),
    },
  });
  const { clientSecret } = sent.answer!.data.cardSetup as { clientSecret: string };
  const setupIntentId = clientSecret.split("_secret_")[0]!;
  env.stripe.confirmSetupIntent(setupIntentId, card);
  const back = await load(
    cookie,
    `?plan=2m2&setup_intent=${setupIntentId}&setup_intent_client_secret=${clientSecret}&redirect_status=succeeded`,
  );
  return { cookie, setupIntentId, back, idempotencyKey: page.idempotencyKey };
}

test("with Stripe keys, /subscribe takes the form, Stripe takes the card, and the return shows the confirmation", async () => {
  const { back, setupIntentId, cookie, idempotencyKey } = await journey(
    "stripe.member@example.nz",
    TEST_CARDS.visa,
  );
  expect(back).toBeInstanceOf(Response);
  const response = back as Response;
  expect(response.status).toBe(302);
  const [sub] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.email, "stripe.member@example.nz"));
  expect(response.headers.get("location")).toBe(`/subscribe/confirmed?subscription=${sub!.id}`);
  expect(sub).toMatchObject({
    plan: "2m2",
    deliveryWeek: 3,
    paymentProvider: "stripe",
    cardLabel: "Visa ending 4242",
  });

  // Stripe's webhook after it, a reload of the return page, and a resubmit of the old form: the
  // same subscription, one charge, one e-mail.
  const [event] = env.stripe.events.filter(
    (e) => e.type === "setup_intent.succeeded" && e.data.object.id === setupIntentId,
  );
  const { body, signature } = env.stripe.signed(event!, SECRET);
  expect((await handleStripeWebhook(body, signature)).ok).toBe(true);
  const reload = await load(cookie, `?plan=2m2&setup_intent=${setupIntentId}`);
  expect((reload as Response).headers.get("location")).toBe(
    `/subscribe/confirmed?subscription=${sub!.id}`,
  );
  const again = await submit(cookie, formFields(idempotencyKey));
  expect(again.response?.headers.get("location")).toBe(
    `/subscribe/confirmed?subscription=${sub!.id}`,
  );
  expect(
    [...env.stripe.paymentIntents.values()].filter((pi) => pi.customer === sub!.providerCustomerId),
  ).toHaveLength(1);
  await drainQueue(jobs);
  expect(
    env.smtp.messages.filter(
      (m) =>
        m.to === "stripe.member@example.nz" && m.subject === "Your Patch subscription has started",
    ),
  ).toHaveLength(1);
});

test("a card that declines off-session comes back to the form as sent, with the message and a fresh attempt", async () => {
  const { back, idempotencyKey } = await journey(
    "declined.member@example.nz",
    TEST_CARDS.declinesAfterAttaching,
  );
  expect(back).not.toBeInstanceOf(Response);
  const page = back as Exclude<typeof back, Response>;
  expect(page.returned).toEqual({
    message: STRIPE_CARD_MESSAGES.declined,
    declined: true,
    pending: false,
  });
  expect(page.idempotencyKey).not.toBe(idempotencyKey);
  // The form comes back as it was sent, for another card.
  expect(page).toMatchObject({
    planId: "2m2",
    deliveryWeek: 3,
    address: { street: "4 Pohutukawa Avenue", suburb: "Ponsonby", postcode: "1011" },
  });
  expect(
    await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "declined.member@example.nz")),
  ).toEqual([]);
});

test("a refused form answers 4xx with its messages and asks Stripe nothing", async () => {
  await openRegion("Auckland", "test");
  const cookie = await signedIn("refused.member@example.nz");
  const before = env.stripe.requests.length;
  const sent = await submit(cookie, {
    ...formFields(crypto.randomUUID()),
    postcode: "12",
    region: "Otago",
  });
  expect(sent.answer?.init?.status).toBe(400);
  expect(sent.answer?.data).toMatchObject({
    outcome: { fieldErrors: { postcode: expect.any(String) } },
  });
  expect(env.stripe.requests.length).toBe(before);
});
