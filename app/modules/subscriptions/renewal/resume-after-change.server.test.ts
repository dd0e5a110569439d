// A member's change landing between a crashed renewal claim and its resume (ADR 064, issue 36),
// against the local fake of Stripe's API, which refuses a replayed idempotency key sent with other
// parameters (`idempotency_error`) as Stripe does. The resumed charge must ask exactly what the
// claim asked (amount, customer, card), so Stripe answers the first charge rather than refusing,
// and the box is recorded once: never left claimed for ever, never charged twice. A plan change
// made after the box's cutoff counts from the next box, which is charged at the new price.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, orders, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { replaceCard } from "#app/modules/payments/saved-cards.server.ts";
import { stripeSavedCards } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { changeSubscriptionPlan } from "#app/modules/subscriptions/change-subscription-plan.server.ts";
import { finishCardChange } from "#app/modules/subscriptions/finish-card-change.server.ts";
import { pauseSubscription } from "#app/modules/subscriptions/pause-subscription.server.ts";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { savedStripeCard } from "#tests/factories/stripe-cards.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { TEST_CARDS } from "#tests/setup/stripe-api.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { chargeKey, runRenewals } from "./index.ts";

const env = testServices({
  stripe: true,
  queues: [sendBoxEmailJob, sendSubscriptionChangeJob] as never,
  emptyBeforeEach: true,
});

// A week-2 subscription's January box (8 January 2027) is charged at its cutoff, 3 January.
const CUTOFF = new Date("2027-01-03T00:00:00Z");
const LATER = new Date("2027-01-03T00:20:00Z");

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
}, 180_000);

const subscription = async (id: string) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const boxesOf = (id: string) =>
  db().select().from(boxes).where(eq(boxes.subscriptionId, id)).orderBy(boxes.deliverOn);
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

async function stripeSubscription(email: string) {
  const card = await savedStripeCard(env.stripe, email);
  return insertSubscription({
    overrides: {
      paymentProvider: "stripe",
      providerCustomerId: card.customerId,
      providerPaymentMethodId: card.paymentMethodId,
    },
  });
}

/** A run that dies once its claim has committed, with the charge at Stripe (taken) or not. */
async function crashAfterClaim(id: string, { charged }: { charged: boolean }) {
  const died = new Error("SIGKILL");
  await expect(
    runRenewals({
      now: CUTOFF,
      provider: stripeSavedCards,
      afterClaim: async () => {
        if (!charged) throw died;
        const [box] = await boxesOf(id);
        const sub = await subscription(id);
        // What the dead worker's charge asked, exactly as charge.ts asks it.
        await stripeSavedCards.chargeSavedCard({
          customerId: sub.providerCustomerId!,
          paymentMethodId: sub.providerPaymentMethodId!,
          amount: box!.amount - box!.creditHeld,
          currency: box!.currency,
          idempotencyKey: box!.claimKey!,
          description: `${box!.plan} garden box, ${box!.deliverOn}`,
        });
        throw died;
      },
    }),
  ).rejects.toBe(died);
  expect(await boxesOf(id)).toMatchObject([{ deliverOn: "2027-01-08", claimKind: "renewal" }]);
}

const intentsFor = (key: string) =>
  env.stripe.requests.filter(
    (r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.idempotencyKey === key,
  );
/** This customer's PaymentIntents that took money (the fake's state spans the file's tests). */
const succeeded = (customer: string) =>
  [...env.stripe.paymentIntents.values()].filter(
    (p) => p.customer === customer && p.status === "succeeded",
  );

for (const charged of [true, false]) {
  const when = charged ? "after Stripe took the charge" : "before the charge reached Stripe";
  test(`a plan change between a claim that died ${when} and its resume: the box is charged once at the claimed amount, recorded, and the next box at the new price`, async () => {
    const { id, userId } = await stripeSubscription(`plan-${charged}@example.nz`);
    const before = await subscription(id);
    await crashAfterClaim(id, { charged });
    const changed = await changeSubscriptionPlan(
      { requestKey: crypto.randomUUID(), plan: "2m2" },
      { userId, now: LATER },
    );
    expect(changed).toMatchObject({ ok: true, changed: true });
    // The box past its cutoff is the old plan's; the change counts from the next.
    expect(changed.ok && changed.message).toContain("8 February 2027");

    const resumed = await runRenewals({
      now: LATER,
      provider: stripeSavedCards,
      claimLeaseMs: 0,
    });
    expect(resumed).toMatchObject({ resumed: 1, charged: 1, unfinished: 0 });
    const key = chargeKey(id, "2027-01-08", 1);
    expect(intentsFor(key).length).toBe(charged ? 2 : 1);
    expect(succeeded(before.providerCustomerId!).map((p) => p.amount)).toEqual([before.price]);
    expect(await boxesOf(id)).toMatchObject([
      { deliverOn: "2027-01-08", status: "charged", claimedAt: null, amount: before.price },
    ]);
    expect(await ordersOf(userId)).toHaveLength(1);

    // The next box, at its own cutoff, is the new plan at its price.
    const after = await subscription(id);
    expect(after).toMatchObject({ plan: "2m2", price: findPlan("2m2")!.price });
    await runRenewals({ now: after.currentPeriodEnd, provider: stripeSavedCards });
    expect(succeeded(before.providerCustomerId!).map((p) => p.amount)).toEqual([
      before.price,
      findPlan("2m2")!.price,
    ]);
    expect((await boxesOf(id)).map((b) => [b.deliverOn, b.status, b.plan, b.claimedAt])).toEqual([
      ["2027-01-08", "charged", "1m2", null],
      ["2027-02-08", "charged", "2m2", null],
    ]);
  }, 180_000);
}

test("a card change between a claim that died after Stripe took the charge and its resume: Stripe answers the first charge (same card, same key), the box is recorded, never left claimed", async () => {
  const { id, userId } = await stripeSubscription("card@example.nz");
  const before = await subscription(id);
  await crashAfterClaim(id, { charged: true });
  const asked = await replaceCard({
    customerId: before.providerCustomerId!,
    owner: { id, email: before.email },
    idempotencyKey: crypto.randomUUID(),
    metadata: { subscriptionId: id },
  });
  if (!asked.ok || asked.status !== "confirm_in_browser") throw new Error("expected Stripe");
  env.stripe.confirmSetupIntent(asked.setupIntentId, TEST_CARDS.visa);
  expect(await finishCardChange(asked.setupIntentId, { id: userId }, LATER)).toMatchObject({
    ok: true,
    changed: true,
  });
  expect((await subscription(id)).providerPaymentMethodId).not.toBe(before.providerPaymentMethodId);

  const resumed = await runRenewals({ now: LATER, provider: stripeSavedCards, claimLeaseMs: 0 });
  expect(resumed).toMatchObject({ resumed: 1, charged: 1, unfinished: 0 });
  expect(succeeded(before.providerCustomerId!)).toHaveLength(1);
  expect(succeeded(before.providerCustomerId!)[0]).toMatchObject({
    payment_method: before.providerPaymentMethodId,
  });
  expect(await boxesOf(id)).toMatchObject([{ status: "charged", claimedAt: null }]);
  expect(await ordersOf(userId)).toHaveLength(1);
}, 180_000);

test("a pause between a claim that died and its resume: the box past its cutoff is still charged once and sent; the pause counts from the next box", async () => {
  const { id, userId } = await stripeSubscription("pause@example.nz");
  const before = await subscription(id);
  await crashAfterClaim(id, { charged: true });
  const paused = await pauseSubscription(
    { requestKey: crypto.randomUUID(), pauseFor: "1" },
    { userId, now: LATER },
  );
  expect(paused).toMatchObject({ ok: true, changed: true });
  const resumed = await runRenewals({ now: LATER, provider: stripeSavedCards, claimLeaseMs: 0 });
  expect(resumed).toMatchObject({ resumed: 1, charged: 1, unfinished: 0 });
  expect(succeeded(before.providerCustomerId!)).toHaveLength(1);
  expect(await boxesOf(id)).toMatchObject([{ status: "charged", claimedAt: null }]);
  expect((await subscription(id)).status).toBe("paused");
  expect(await ordersOf(userId)).toHaveLength(1);
}, 180_000);
