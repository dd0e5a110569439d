// A claim link carries the waitlist contact's credit into their subscription (issue 22, ADRs 040
// and 041), through the real pages' loader and action, a real database and the local fake of
// Stripe's API: a contact whose friends earned a milestone before they had an account claims a
// wave spot, signs up with that address and reaches /subscribe, where the milestone is credited;
// the first box takes the credit before the card, and the card is charged only the rest. Reloads,
// the webhook and a resubmit move no credit twice; a box the credit pays in full charges no card.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { creditEntries, subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { handleStripeWebhook } from "#app/flows/handle-stripe-webhook.server.ts";
import { addCreditEntry } from "#app/modules/credits/credit-ledger.server.ts";
import { getMemberSubscription } from "#app/modules/subscriptions/get-subscription.server.ts";
import { sendSubscriptionConfirmationJob } from "#app/modules/subscriptions/send-subscription-confirmation.server.ts";
import { claimWaveInvitation } from "#app/modules/waitlist/claim-wave-invitation.server.ts";
import { confirmContact } from "#app/modules/waitlist/confirm-contact.server.ts";
import { confirmUrl } from "#app/modules/waitlist/contact-links.server.ts";
import { joinWaitlist } from "#app/modules/waitlist/join-waitlist.server.ts";
import { sendWaitlistConfirmationJob } from "#app/modules/waitlist/send-waitlist-confirmation.server.ts";
import { startLaunchWave } from "#app/modules/waitlist/start-launch-wave.server.ts";
import { sendWaveInvitationJob } from "#app/modules/waitlist/wave-invitations.server.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { TEST_CARDS } from "#tests/setup/stripe-api.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  load,
  SITE,
  signedInMember,
  submit,
  subscribeFields,
} from "#tests/setup/subscribe-route.ts";

const SECRET = "whsec_claim_credit_test";
const jobs = [sendSubscriptionConfirmationJob, sendWaveInvitationJob, sendWaitlistConfirmationJob];
const env = testServices({
  smtp: true,
  stripe: { webhookSecret: SECRET },
  settings: { REFERRAL_CREDIT_MILESTONES: "3:500,10:1500" },
  queues: jobs as never,
});

let n = 0;
const ip = () => `198.51.100.${++n % 250}`;
const tokenOf = (id: string) => new URL(confirmUrl(id)).searchParams.get("token");

async function join(email: string, region: string, referralCode?: string) {
  const result = await joinWaitlist(
    { email, region },
    { ip: ip(), userAgent: "vitest", page: "/waitlist", referralCode },
  );
  if (!result.ok || !result.contactId) throw new Error(`join failed: ${JSON.stringify(result)}`);
  await confirmContact(tokenOf(result.contactId));
  return { id: result.contactId, code: result.referralCode! };
}

/** A contact in `region` with `friends` confirmed friends through their link. */
async function referrerWith(email: string, region: string, friends: number) {
  const me = await join(email, region);
  for (let i = 0; i < friends; i++) await join(`friend${i}.${me.code}@example.nz`, region, me.code);
  return me;
}

const member = (email: string) => signedInMember(email);
const formFields = subscribeFields;

/** The wave's e-mail to `email`, and its claim link pressed: the spot is theirs. */
async function claimSpot(email: string) {
  await drainQueue(jobs);
  const invite = env.smtp.messages.find((m) => m.to === email && /spot/i.test(m.subject));
  expect(invite, `the wave's e-mail to ${email}`).toBeDefined();
  const token = new URL(linkIn(invite!, `${SITE}/waitlist/claim`)).searchParams.get("token");
  expect(await claimWaveInvitation({ token })).toMatchObject({ state: "claimed" });
}

const ledgerOf = (userId: string) =>
  db().select().from(creditEntries).where(eq(creditEntries.userId, userId));

test("a wave's claim link leads to /subscribe with the contact's referral credit, which pays the first box before the card, once", async () => {
  await referrerWith("mere.claims@example.nz", "Otago", 3);
  expect(
    (await startLaunchWave({ input: { region: "Otago", spots: 1 }, createdBy: "ops" })).ok,
  ).toBe(true);
  await drainQueue(jobs);
  const invite = env.smtp.messages.find(
    (m) => m.to === "mere.claims@example.nz" && /spot/i.test(m.subject),
  );
  expect(invite, "the wave's e-mail to the first in the queue").toBeDefined();
  const token = new URL(linkIn(invite!, `${SITE}/waitlist/claim`)).searchParams.get("token");
  expect(await claimWaveInvitation({ token })).toMatchObject({ state: "claimed", region: "Otago" });

  // The account is made after the friends were counted: nothing was credited then.
  const { cookie, userId } = await member("mere.claims@example.nz");
  expect(await ledgerOf(userId)).toEqual([]);
  const page = await load(cookie, `?plan=1m2&region=Otago`);
  if (page instanceof Response) throw new Error(`loader answered ${page.status}`);
  expect(page).toMatchObject({ credit: 500, address: { region: "Otago" } });
  // Loading again carries nothing twice.
  expect(await load(cookie, `?plan=1m2&region=Otago`)).toMatchObject({ credit: 500 });
  expect(await ledgerOf(userId)).toHaveLength(1);

  const sent = await submit(cookie, formFields(page.idempotencyKey, "Otago"));
  expect(sent.answer?.data).toMatchObject({ cardSetup: { planId: "1m2", price: 3999 - 500 } });
  const { clientSecret } = sent.answer!.data.cardSetup as { clientSecret: string };
  const setupIntentId = clientSecret.split("_secret_")[0]!;
  env.stripe.confirmSetupIntent(setupIntentId, TEST_CARDS.visa);
  const back = await load(cookie, `?plan=1m2&setup_intent=${setupIntentId}`);
  expect(back).toBeInstanceOf(Response);

  // Retries: the webhook, a reload of the return page and a resubmit of the old form.
  const [event] = env.stripe.events.filter(
    (e) => e.type === "setup_intent.succeeded" && e.data.object.id === setupIntentId,
  );
  const { body, signature } = env.stripe.signed(event!, SECRET);
  expect((await handleStripeWebhook(body, signature)).ok).toBe(true);
  await load(cookie, `?plan=1m2&setup_intent=${setupIntentId}`);
  await submit(cookie, formFields(page.idempotencyKey, "Otago"));

  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const charges = [...env.stripe.paymentIntents.values()].filter(
    (pi) => pi.customer === sub!.providerCustomerId,
  );
  expect(charges.map((pi) => pi.amount)).toEqual([3499]);
  const ledger = await ledgerOf(userId);
  expect(ledger.map((e) => [e.kind, e.amount]).sort()).toEqual([
    ["applied_to_box", -500],
    ["referral_milestone", 500],
  ]);
  expect(ledger.find((e) => e.amount < 0)!.requestKey).toBe(
    `subscribe:${page.idempotencyKey}:first-box`,
  );
  expect(await getMemberSubscription(sub!.id, userId)).toMatchObject({
    price: 3999,
    firstCharge: { credit: 500, card: 3499 },
  });
  await drainQueue(jobs);
  const receipts = env.smtp.messages.filter(
    (m) => m.to === "mere.claims@example.nz" && m.subject === "Your Patch subscription has started",
  );
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.text).toContain(
    "Your credit paid US$5.00 of your first box and your Visa ending 4242 was charged US$34.99 today.",
  );
  // A member who comes back to /subscribe later has no credit left to be shown.
  expect(await load(cookie, "?plan=1m2")).toMatchObject({ credit: 0 });
});

test("a first box its credit pays in full is paid without the card, and still starts the subscription", async () => {
  await referrerWith("tane.credit@example.nz", "Otago", 0);
  const { cookie, userId } = await member("tane.credit@example.nz");
  await addCreditEntry(db(), {
    userId,
    amount: 5000,
    kind: "goodwill",
    note: "Sorry about the late box.",
    requestKey: `test:${userId}`,
  });
  await startLaunchWave({ input: { region: "Otago", spots: 5 }, createdBy: "ops" });
  await claimSpot("tane.credit@example.nz");
  const page = await load(cookie, "?plan=1m2&region=Otago");
  if (page instanceof Response) throw new Error(`loader answered ${page.status}`);
  expect(page.credit).toBe(5000);
  const sent = await submit(cookie, formFields(page.idempotencyKey, "Otago"));
  const { clientSecret } = sent.answer!.data.cardSetup as { clientSecret: string; price: number };
  expect((sent.answer!.data.cardSetup as { price: number }).price).toBe(0);
  const setupIntentId = clientSecret.split("_secret_")[0]!;
  env.stripe.confirmSetupIntent(setupIntentId, TEST_CARDS.visa);
  expect(await load(cookie, `?plan=1m2&setup_intent=${setupIntentId}`)).toBeInstanceOf(Response);

  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
  expect(sub).toMatchObject({ status: "active", price: 3999 });
  expect(
    [...env.stripe.paymentIntents.values()].filter((pi) => pi.customer === sub!.providerCustomerId),
  ).toEqual([]);
  const [charged] = await db()
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, sub!.id))
    .then((rows) => rows.filter((r) => r.type === "charged"));
  expect(charged!.data).toMatchObject({
    amount: 3999,
    credit: 3999,
    card: 0,
    reference: `credit:subscribe:${page.idempotencyKey}:first-box`,
  });
  const balance = (await ledgerOf(userId)).reduce((sum, e) => sum + e.amount, 0);
  expect(balance).toBe(5000 - 3999);
});

test("credit that would leave the first box's card under 50 cents leaves it 50, the rest kept", async () => {
  await referrerWith("hemi.cents@example.nz", "Otago", 0);
  const { cookie, userId } = await member("hemi.cents@example.nz");
  await addCreditEntry(db(), {
    userId,
    amount: 3970,
    kind: "goodwill",
    note: "Sorry about the late box.",
    requestKey: `test:${userId}`,
  });
  await startLaunchWave({ input: { region: "Otago", spots: 5 }, createdBy: "ops" });
  await claimSpot("hemi.cents@example.nz");
  const page = await load(cookie, "?plan=1m2&region=Otago");
  if (page instanceof Response) throw new Error(`loader answered ${page.status}`);
  const sent = await submit(cookie, formFields(page.idempotencyKey, "Otago"));
  const setup = sent.answer!.data.cardSetup as { clientSecret: string; price: number };
  // 29 cents would be refused by Stripe: the card is asked for 50.
  expect(setup.price).toBe(50);
  const setupIntentId = setup.clientSecret.split("_secret_")[0]!;
  env.stripe.confirmSetupIntent(setupIntentId, TEST_CARDS.visa);
  expect(await load(cookie, `?plan=1m2&setup_intent=${setupIntentId}`)).toBeInstanceOf(Response);

  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
  expect(sub).toMatchObject({ status: "active", price: 3999 });
  const charges = [...env.stripe.paymentIntents.values()].filter(
    (pi) => pi.customer === sub!.providerCustomerId,
  );
  expect(charges.map((pi) => pi.amount)).toEqual([50]);
  const balance = (await ledgerOf(userId)).reduce((sum, e) => sum + e.amount, 0);
  expect(balance).toBe(21);
});
