// A prepaid subscription (a gift's, ADR 043) through the renewal: started with no card and its
// first box paid from credit, each later box is paid from the credit without asking any card, the
// e-mail before the last one asks whether to carry on, and when the credit no longer pays a box the
// subscription ends with nothing charged. A member who adds their own card carries on: the next
// box is charged to it.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { addCreditEntry, balanceOf } from "#app/modules/credits/credit-ledger.server.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { testCard } from "#tests/factories/cards.ts";
import { insertMember } from "#tests/factories/members.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { getSubscriptionOverview } from "./get-subscription-overview.server.ts";
import { openRegion } from "./regions.server.ts";
import { chargeKey, PREPAID_OVER, runRenewals } from "./renewal/index.ts";
import { sendBoxEmailJob } from "./send-box-email.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { sendSubscriptionConfirmationJob } from "./send-subscription-confirmation.server.ts";
import { startPrepaidSubscription } from "./start-prepaid-subscription.server.ts";
import { updateSubscriptionCard } from "./update-subscription-card.server.ts";

const jobs = [sendBoxEmailJob, sendSubscriptionConfirmationJob, sendSubscriptionChangeJob];
const env = testServices({ smtp: true, queues: jobs as never, emptyBeforeEach: true });

// 25 November 2026 in Auckland: a week-2 subscription's first box is 8 December 2026, and each
// later box is charged at its cutoff, five days before its week: 3 January, 3 February, 3 March.
const NOW = new Date("2026-11-25T02:00:00Z");
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
  await openRegion("Auckland", "test", NOW);
});

/** A member given three boxes' worth of credit (3 × US$39.99), then a prepaid 1m² subscription. */
async function prepaid() {
  const userId = await insertMember({ name: "Mere Tane" });
  const member = { id: userId, email: `${userId}@example.nz`, name: "Mere Tane" };
  const started = await db().transaction(async (tx) => {
    await addCreditEntry(tx, {
      userId,
      amount: 3 * 3999,
      kind: "gift",
      note: "A gift",
      requestKey: `gift:${crypto.randomUUID()}`,
      now: NOW,
    });
    return startPrepaidSubscription(
      tx,
      {
        idempotencyKey: `gift:${crypto.randomUUID()}`,
        plan: "1m2",
        deliveryWeek: 2,
        address: {
          street: "3 Rimu Street",
          suburb: "",
          city: "Auckland",
          region: "Auckland",
          postcode: "1021",
          rural: false,
        },
      },
      member,
      { now: NOW },
    );
  });
  if (!started.ok) throw new Error(started.message);
  return { id: started.subscriptionId, userId, email: member.email };
}

const subOf = async (id: string) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const boxOn = async (id: string, on: string) =>
  (await db().select().from(boxes).where(eq(boxes.subscriptionId, id))).find(
    (b) => b.deliverOn === on,
  );
const credit = (userId: string) => balanceOf(db(), userId);
const mailFor = (to: string, subject: RegExp) =>
  env.smtp.messages.filter((m) => m.to === to && subject.test(m.subject));

test("the gift's months are paid from credit with no card asked, then the subscription ends", async () => {
  const { id, userId, email } = await prepaid();
  expect(await subOf(id)).toMatchObject({ nextBoxOn: "2026-12-08", providerPaymentMethodId: null });
  expect(await credit(userId)).toBe(2 * 3999);
  const ledger = chargeLedger();

  // January and February: paid from the credit, nothing asked of any card. Each reminder is sent
  // as its run queues it (its words are worked out when it is sent).
  await runRenewals({ now: at("2027-01-01"), provider: ledger });
  await drainQueue(jobs);
  expect(await runRenewals({ now: at("2027-01-03"), provider: ledger })).toMatchObject({
    charged: 1,
    failed: 0,
    prepaidOver: 0,
  });
  await runRenewals({ now: at("2027-01-31"), provider: ledger });
  await drainQueue(jobs);
  expect(await runRenewals({ now: at("2027-02-03"), provider: ledger })).toMatchObject({
    charged: 1,
  });
  expect(ledger.requests).toBe(0);
  expect(await credit(userId)).toBe(0);
  for (const on of ["2027-01-08", "2027-02-08"])
    expect(await boxOn(id, on)).toMatchObject({
      status: "charged",
      chargeReference: `credit:${chargeKey(id, on, 1)}`,
    });

  // The e-mail before the last prepaid box asks whether to carry on.
  await drainQueue(jobs);
  const [january] = mailFor(email, /^Your 1m² box for the week of Friday 8 January/);
  expect(january!.text).toContain("Your credit pays for it (US$39.99");
  expect(january!.text).not.toContain("last box");
  const [february] = mailFor(email, /^Your 1m² box for the week of Monday 8 February/);
  expect(february!.text).toContain("It's the last box your credit pays for.");
  expect(mailFor(email, /^Receipt:/)[0]!.text).toContain("nothing was charged to a card");

  // March: the credit doesn't pay the box, and there is no card: it ends, nothing charged.
  await runRenewals({ now: at("2027-02-28"), provider: ledger });
  await drainQueue(jobs);
  expect(mailFor(email, /^Your prepaid boxes end on/)[0]!.text).toContain(
    "add a card on your subscription page before",
  );
  expect(await runRenewals({ now: at("2027-03-03"), provider: ledger })).toMatchObject({
    charged: 0,
    failed: 0,
    prepaidOver: 1,
  });
  expect(ledger.requests).toBe(0);
  expect(await subOf(id)).toMatchObject({ status: "ended" });
  expect(await boxOn(id, "2027-03-08")).toMatchObject({
    status: "unpaid",
    lastError: PREPAID_OVER,
  });
  const ended = await db()
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, id));
  expect(ended.find((e) => e.data.event === "prepaid_over")).toMatchObject({
    fromStatus: "active",
    toStatus: "ended",
  });
  await drainQueue(jobs);
  expect(mailFor(email, /gift boxes have finished/)).toHaveLength(1);

  // Nothing more is due, ever.
  expect(await runRenewals({ now: at("2027-04-03"), provider: ledger })).toMatchObject({
    charged: 0,
    prepaidOver: 0,
  });
  expect(ledger.requests).toBe(0);
});

test("a member who adds their own card carries on: the box after the gift is charged to it", async () => {
  const { id, userId } = await prepaid();
  const ledger = chargeLedger();
  await runRenewals({ now: at("2027-01-03"), provider: ledger });
  await runRenewals({ now: at("2027-02-03"), provider: ledger });
  expect(ledger.requests).toBe(0);

  const overview = await getSubscriptionOverview(userId, {
    currency: "USD",
    now: at("2027-02-10"),
  });
  expect(overview.subscription?.prepaid).toEqual({ credit: "US$0.00", boxesLeft: 0 });
  const saved = await updateSubscriptionCard(
    { requestKey: crypto.randomUUID(), card: testCard("success", NOW) },
    { userId, now: at("2027-02-10") },
  );
  expect(saved).toMatchObject({ ok: true });
  expect(saved.message).toContain("is saved: your credit still pays for your boxes first");
  expect(await subOf(id)).toMatchObject({ cardLabel: "Visa ending 4242" });

  expect(await runRenewals({ now: at("2027-03-03"), provider: ledger })).toMatchObject({
    charged: 1,
    prepaidOver: 0,
  });
  expect(ledger.byKey.get(chargeKey(id, "2027-03-08", 1))!.charge.amount).toBe(3999);
  expect(await subOf(id)).toMatchObject({ status: "active", nextBoxOn: "2027-03-08" });
});

test("a skipped or paused month keeps the credit for a later box", async () => {
  const { id, userId } = await prepaid();
  const ledger = chargeLedger();
  await db()
    .update(subscriptions)
    .set({ status: "paused", pausedUntil: "2027-01-31" })
    .where(eq(subscriptions.id, id));
  expect(await runRenewals({ now: at("2027-01-03"), provider: ledger })).toMatchObject({
    pausedPeriods: 1,
    prepaidOver: 0,
  });
  expect(await credit(userId)).toBe(2 * 3999);
  expect(await subOf(id)).toMatchObject({ status: "paused" });
});
