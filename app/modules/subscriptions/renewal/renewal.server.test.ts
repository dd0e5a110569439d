import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, orders, subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { DEMO_MESSAGES } from "#app/modules/payments/demo-payments.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { skipBox } from "#app/modules/subscriptions/next-box.server.ts";
import { chargeKey, RENEWAL_MESSAGES, retryNow, runRenewals } from "./index.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";

const jobs = [sendBoxEmailJob];
const env = testServices({ smtp: true, queues: jobs as never, emptyBeforeEach: true });

// A week-2 subscription started on 25 November 2026: its first box (8 December) is paid; the
// January box (8 January 2027) is charged at its cutoff, 3 January, midnight UTC.
const CUTOFF = new Date("2027-01-03T00:00:00Z");
const at = (days: number, from = CUTOFF) => new Date(from.getTime() + days * 86_400_000);

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
});

async function subscription(id: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}
const boxesOf = (id: string) => db().select().from(boxes).where(eq(boxes.subscriptionId, id));
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
const eventsOf = (id: string) =>
  db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));

test("three days before the charge, one e-mail shows the box, its date, the amount and a skip link", async () => {
  const { id, userId } = await insertSubscription();
  const ledger = chargeLedger();
  expect(await runRenewals({ now: at(-3.5), provider: ledger })).toMatchObject({ reminded: 0 });
  expect(await runRenewals({ now: at(-3), provider: ledger })).toMatchObject({
    reminded: 1,
    charged: 0,
  });
  expect(await runRenewals({ now: at(-2), provider: ledger })).toMatchObject({ reminded: 0 });
  const [box] = await boxesOf(id);
  expect(box).toMatchObject({ deliverOn: "2027-01-08", status: "scheduled" });
  await drainQueue(jobs);
  expect(env.smtp.messages).toHaveLength(1);
  const mail = env.smtp.messages[0]!;
  expect(mail.to).toBe(`${userId}@example.nz`);
  expect(mail.subject).toBe("Your 1m² box for the week of Friday 8 January 2027");
  expect(mail.text).toContain("US$39.99 (includes GST of US$5.22)");
  expect(mail.text).toContain("Skip or change this box: https://patch.test/profile/subscription");
  expect(mail.text).toContain(box!.items[0]!.name);
  expect(ledger.requests).toBe(0);
});

test("at the cutoff the box is charged once: one order of kind 'subscription box', the period moves on, one receipt", async () => {
  const { id, userId } = await insertSubscription();
  const ledger = chargeLedger();
  expect(await runRenewals({ now: at(-0.001), provider: ledger })).toMatchObject({ charged: 0 });
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({ charged: 1 });
  expect(await runRenewals({ now: at(1), provider: ledger })).toMatchObject({ charged: 0 });

  expect([...ledger.byKey.keys()]).toEqual([chargeKey(id, "2027-01-08", 1)]);
  expect(ledger.byKey.get(`subscription:${id}:box:2027-01-08`)!.charge.amount).toBe(3999);
  const [order] = await ordersOf(userId);
  expect(await ordersOf(userId)).toHaveLength(1);
  expect(order).toMatchObject({
    kind: "subscription box",
    status: "paid",
    total: 3999,
    gst: 522,
    shipping: 0,
    paymentReference: `demo_subscription:${id}:box:2027-01-08`,
  });
  const [box] = await boxesOf(id);
  expect(box).toMatchObject({ status: "charged", orderId: order!.id, attempts: 1 });
  const sub = await subscription(id);
  expect(sub).toMatchObject({ status: "active", nextBoxOn: "2027-01-08" });
  expect(sub.currentPeriodEnd.toISOString()).toBe("2027-02-03T00:00:00.000Z");
  expect((await eventsOf(id)).map((e) => e.type)).toEqual(["charged"]);

  await drainQueue(jobs);
  // The run just before the cutoff queued the reminder; the charge, the receipt.
  expect(env.smtp.messages.map((m) => m.subject).sort()).toEqual([
    "Receipt: your 1m² box for the week of Friday 8 January 2027",
    "Your 1m² box for the week of Friday 8 January 2027",
  ]);
  // A month on, February's box.
  expect(
    await runRenewals({ now: new Date("2027-02-03T00:00:00Z"), provider: ledger }),
  ).toMatchObject({ charged: 1 });
  expect(ledger.paid()).toHaveLength(2);
  expect((await subscription(id)).nextBoxOn).toBe("2027-02-08");
});

test("a skipped box and a paused subscription are not charged, and their periods move on", async () => {
  const skipping = await insertSubscription();
  const pausing = await insertSubscription({ overrides: { status: "paused" } });
  expect(await skipBox({ subscriptionId: skipping.id }, { now: at(-10) })).toMatchObject({
    ok: true,
  });
  const ledger = chargeLedger();
  expect(await runRenewals({ now: at(-3), provider: ledger })).toMatchObject({ reminded: 0 });
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({
    charged: 0,
    skipped: 1,
    pausedPeriods: 1,
  });
  expect(ledger.requests).toBe(0);
  for (const { id, userId } of [skipping, pausing]) {
    expect(await ordersOf(userId)).toEqual([]);
    expect((await subscription(id)).nextBoxOn).toBe("2027-01-08");
    expect((await subscription(id)).currentPeriodEnd.toISOString()).toBe(
      "2027-02-03T00:00:00.000Z",
    );
  }
  expect(await boxesOf(pausing.id)).toEqual([]);
  expect((await boxesOf(skipping.id)).map((b) => b.status)).toEqual(["skipped"]);
  await drainQueue(jobs);
  expect(env.smtp.messages).toEqual([]);
});

test("an answer lost after the provider took the charge (a timeout) is asked again with the same key: one charge", async () => {
  const { id, userId } = await insertSubscription();
  const ledger = chargeLedger();
  ledger.failAfterCharging = 1;
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({
    charged: 1,
    unfinished: 0,
  });
  expect(ledger.requests).toBe(2);
  expect([...ledger.byKey.keys()]).toEqual([chargeKey(id, "2027-01-08", 1)]);
  expect(ledger.paid()).toHaveLength(1);
  expect(await ordersOf(userId)).toHaveLength(1);
  expect(await boxesOf(id)).toMatchObject([{ status: "charged", claimedAt: null, claimKey: null }]);
});

test("a provider that never answers leaves the box claimed, not charged twice; the next run resumes it", async () => {
  const { id, userId } = await insertSubscription();
  const ledger = chargeLedger();
  ledger.failAfterCharging = 3;
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({
    charged: 0,
    unfinished: 1,
  });
  expect(await boxesOf(id)).toMatchObject([
    { status: "scheduled", claimKey: chargeKey(id, "2027-01-08", 1), claimAttempt: 1 },
  ]);
  expect(await ordersOf(userId)).toEqual([]);
  // A second run while the claim is fresh leaves it to its run; once stale it is resumed.
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({
    charged: 0,
    resumed: 0,
  });
  expect(await runRenewals({ now: CUTOFF, provider: ledger, claimLeaseMs: 0 })).toMatchObject({
    charged: 1,
    resumed: 1,
  });
  expect(ledger.paid()).toHaveLength(1);
  expect(ledger.requests).toBe(4);
  expect(await ordersOf(userId)).toHaveLength(1);
});

test("a declined card: past due, retries at 1, 3, 5 and 7 days each e-mailed with an update-card link, then paused", async () => {
  const { id, userId } = await insertSubscription({ card: "declinesLater" });
  const ledger = chargeLedger();
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({ failed: 1 });
  expect(await subscription(id)).toMatchObject({ status: "past_due", nextBoxOn: "2026-12-08" });
  const [failed] = await boxesOf(id);
  expect(failed).toMatchObject({
    status: "payment_failed",
    attempts: 1,
    lastError: DEMO_MESSAGES.declined,
  });
  expect(failed!.nextAttemptAt!.toISOString()).toBe(at(1).toISOString());

  const retriesAt: string[] = [];
  for (const day of [0.5, 1, 2, 3, 4, 5, 6, 7, 8]) {
    const tally = await runRenewals({ now: at(day), provider: ledger });
    if (tally.retriesFailed + tally.unpaid > 0) retriesAt.push(String(day));
  }
  expect(retriesAt).toEqual(["1", "3", "5", "7"]);
  expect(ledger.byKey.size).toBe(5);
  expect(ledger.paid()).toEqual([]);
  const [unpaid] = await boxesOf(id);
  expect(unpaid).toMatchObject({ status: "unpaid", attempts: 5, retries: 4, nextAttemptAt: null });
  const sub = await subscription(id);
  expect(sub).toMatchObject({ status: "paused", nextBoxOn: "2027-01-08" });
  expect(sub.currentPeriodEnd.toISOString()).toBe("2027-02-03T00:00:00.000Z");
  expect(await ordersOf(userId)).toEqual([]);
  const statuses = (await eventsOf(id))
    .filter((e) => e.toStatus)
    .map((e) => `${e.fromStatus}→${e.toStatus}`);
  expect(statuses.sort()).toEqual(["active→past_due", "past_due→paused"]);

  await drainQueue(jobs);
  // The queue sends them in any order: each is checked by what it says.
  const mails = env.smtp.messages;
  expect(mails.map((m) => m.subject).sort()).toEqual([
    "We couldn't take payment for your 1m² box",
    "We couldn't take payment for your 1m² box",
    "We couldn't take payment for your 1m² box",
    "We couldn't take payment for your 1m² box",
    "Your Patch subscription is paused",
  ]);
  for (const m of mails) expect(m.text).toContain("https://patch.test/profile/subscription");
  const tries = mails.filter((m) => m.subject.startsWith("We couldn't")).map((m) => m.text);
  for (const next of [
    "Monday 4 January",
    "Wednesday 6 January",
    "Friday 8 January",
    "Sunday 10 January",
  ])
    expect(tries.filter((t) => t.includes(`We'll try again on ${next}.`))).toHaveLength(1);
  for (const t of tries)
    expect(t).toContain("Update your card: https://patch.test/profile/subscription");
  const paused = mails.find((m) => m.subject === "Your Patch subscription is paused")!;
  expect(paused.text).toContain("We've paused your subscription rather than cancelling it.");
  // Paused: February's period passes with no charge.
  expect(
    await runRenewals({ now: new Date("2027-02-03T00:00:00Z"), provider: ledger }),
  ).toMatchObject({ charged: 0, pausedPeriods: 1 });
});

test("updating the card retries at once: the box is paid, the subscription active again, the retries over", async () => {
  const { id, userId } = await insertSubscription({ card: "declinesLater" });
  const ledger = chargeLedger();
  await runRenewals({ now: CUTOFF, provider: ledger });
  // Still the declining card: refused with the provider's words, the schedule untouched.
  expect(await retryNow(id, { now: at(0.2), provider: ledger, userId })).toMatchObject({
    ok: false,
    message: DEMO_MESSAGES.declined,
  });
  expect((await boxesOf(id))[0]).toMatchObject({ attempts: 2, retries: 0 });

  await db()
    .update(subscriptions)
    .set({ providerPaymentMethodId: "demo_pm_success", cardLabel: "Visa ending 4242" })
    .where(eq(subscriptions.id, id));
  expect(
    await retryNow(id, { now: at(0.5), provider: ledger, userId: "someone-else" }),
  ).toMatchObject({ ok: false, code: "not-found" });
  expect(await retryNow(id, { now: at(0.5), provider: ledger, userId })).toMatchObject({
    ok: true,
    message: RENEWAL_MESSAGES.paid,
  });
  expect(ledger.paid().map((e) => e.charge.idempotencyKey)).toEqual([
    chargeKey(id, "2027-01-08", 3),
  ]);
  expect(await subscription(id)).toMatchObject({ status: "active", nextBoxOn: "2027-01-08" });
  expect((await boxesOf(id))[0]).toMatchObject({ status: "charged", nextAttemptAt: null });
  expect(await ordersOf(userId)).toHaveLength(1);
  expect(await retryNow(id, { now: at(0.6), provider: ledger, userId })).toMatchObject({
    ok: false,
    code: "conflict",
    message: RENEWAL_MESSAGES.nothingToRetry,
  });
  // No retry runs later.
  expect(await runRenewals({ now: at(1), provider: ledger })).toMatchObject({
    retriesPaid: 0,
    retriesFailed: 0,
  });
  await drainQueue(jobs);
  expect(env.smtp.messages.map((m) => m.subject).sort()).toEqual([
    "Receipt: your 1m² box for the week of Friday 8 January 2027",
    "We couldn't take payment for your 1m² box",
  ]);
});

test("a cancelled subscription ends when its paid period does, without a charge", async () => {
  const { id } = await insertSubscription({ overrides: { status: "cancelled" } });
  const ledger = chargeLedger();
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({ ended: 1 });
  expect((await subscription(id)).status).toBe("ended");
  expect(ledger.requests).toBe(0);
});

test("a plan changed after the box was made: the box follows the plan and its price until charged", async () => {
  const { id } = await insertSubscription({ plan: "0.5m2" });
  const ledger = chargeLedger();
  await runRenewals({ now: at(-3), provider: ledger });
  const small = (await boxesOf(id))[0]!;
  await db()
    .update(subscriptions)
    .set({ plan: "2m2", price: 6999 })
    .where(eq(subscriptions.id, id));
  await runRenewals({ now: CUTOFF, provider: ledger });
  const [box] = await boxesOf(id);
  expect(box).toMatchObject({ plan: "2m2", amount: 6999, status: "charged" });
  expect(box!.items.length).toBeGreaterThan(small.items.length);
  expect(ledger.paid()[0]!.charge.amount).toBe(6999);
});
