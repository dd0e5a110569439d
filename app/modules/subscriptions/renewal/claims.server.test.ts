// The claimed-row renewal (ADR 064): the provider is called with no row lock and no transaction
// open, so a member's change on the same subscription completes while the charge is in flight;
// a run that dies between its claim and its record is resumed by the next with the same
// idempotency key (one charge); an account deleted while its box is charged gets the charge back.
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, orders, subscriptionEvents, subscriptions, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { forgetSavedCardJob } from "#app/modules/payments/forget-saved-card.server.ts";
import type { OffSessionCharge } from "#app/modules/payments/saved-cards.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { chargeLedger, type ChargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { cancelSubscription } from "#app/modules/subscriptions/cancel-subscription.server.ts";
import { endAccountSubscriptions } from "#app/modules/subscriptions/end-account-subscriptions.server.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { skipNextBox } from "#app/modules/subscriptions/skip-next-box.server.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { chargeKey, REFUNDED_IN_FLIGHT, runRenewals } from "./index.ts";
import { markClaimed } from "./claim.ts";

const env = testServices({
  smtp: true,
  queues: [sendBoxEmailJob, sendSubscriptionChangeJob, forgetSavedCardJob] as never,
  emptyBeforeEach: true,
});

// A week-2 subscription's January box (8 January 2027) is charged at its cutoff, 3 January.
const CUTOFF = new Date("2027-01-03T00:00:00Z");

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
}, 180_000);

const subscription = async (id: string) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const boxesOf = (id: string) => db().select().from(boxes).where(eq(boxes.subscriptionId, id));
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

/** A ledger whose charges wait, once taken, until the test lets them answer. */
function slowLedger(): ChargeLedger & { inFlight: Promise<OffSessionCharge>; answer(): void } {
  const ledger = chargeLedger();
  let started!: (c: OffSessionCharge) => void;
  let release!: () => void;
  const inFlight = new Promise<OffSessionCharge>((resolve) => (started = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const charge = ledger.chargeSavedCard.bind(ledger);
  return Object.assign(ledger, {
    inFlight,
    answer: release,
    async chargeSavedCard(c: OffSessionCharge) {
      started(c);
      await gate;
      return charge(c);
    },
  });
}

/** Whatever else would block on a lock the run holds gives up after this long instead. */
const within = <T>(p: Promise<T>, ms = 30_000) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);

test("while the card is being charged no row lock is held: a cancel on the same subscription completes; the box, past its cutoff, is sent and the cancel counts from the next", async () => {
  const { id, userId } = await insertSubscription();
  const ledger = slowLedger();
  const run = runRenewals({ now: CUTOFF, provider: ledger });
  const charge = await within(ledger.inFlight);
  expect(charge.idempotencyKey).toBe(chargeKey(id, "2027-01-08", 1));
  if (env.database.url.startsWith("postgres")) {
    // No session of ours sits in a transaction (a held row lock or pooled connection) meanwhile.
    const open = (await db().execute(
      sql`select count(*)::int as n from pg_stat_activity
           where datname = current_database() and state like 'idle in transaction%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(open.rows[0]!.n).toBe(0);
    const locks = (await db().execute(
      sql`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
           where c.relname in ('subscriptions', 'boxes') and l.pid <> pg_backend_pid()`,
    )) as unknown as { rows: { n: number }[] };
    expect(locks.rows[0]!.n).toBe(0);
  }
  const cancelled = await within(
    cancelSubscription(
      { requestKey: crypto.randomUUID(), reason: "other" },
      { userId, now: CUTOFF },
    ),
  );
  expect(cancelled).toMatchObject({
    ok: true,
    message:
      "Your subscription is cancelled. The box of the week starting Friday 8 January 2027 was already being paid for and still comes; nothing more is charged after it.",
  });
  expect((await subscription(id)).status).toBe("cancelled");
  // A skip landing now is refused (the box is being charged), whatever the request's clock says.
  const skipped = await within(
    skipNextBox(
      { requestKey: crypto.randomUUID() },
      { userId, now: new Date(CUTOFF.getTime() - 60_000) },
    ),
  );
  expect(skipped).toMatchObject({ ok: false });
  ledger.answer();
  expect(await run).toMatchObject({ charged: 1, ended: 0, refunded: 0 });
  expect(ledger.paid()).toHaveLength(1);
  expect(await boxesOf(id)).toMatchObject([
    { deliverOn: "2027-01-08", status: "charged", claimedAt: null },
  ]);
  const after = await subscription(id);
  expect(after).toMatchObject({ status: "cancelled", nextBoxOn: "2027-01-08" });
  // At the end of the paid period it ends, with no further charge.
  expect(await runRenewals({ now: after.currentPeriodEnd, provider: ledger })).toMatchObject({
    charged: 0,
    ended: 1,
  });
  expect(ledger.paid()).toHaveLength(1);
  expect(await ordersOf(userId)).toHaveLength(1);
}, 180_000);

test("an account deleted while its box is charged: the deletion wins, the charge is refunded and the box not sent", async () => {
  const { id, userId } = await insertSubscription();
  const ledger = slowLedger();
  const run = runRenewals({ now: CUTOFF, provider: ledger });
  await within(ledger.inFlight);
  await within(
    db().transaction(async (tx) => {
      await endAccountSubscriptions(tx, { userId, keptBoxes: [] });
      await tx.delete(users).where(eq(users.id, userId));
    }),
  );
  ledger.answer();
  expect(await run).toMatchObject({ charged: 0, refunded: 1 });
  const key = chargeKey(id, "2027-01-08", 1);
  expect(ledger.paid()).toHaveLength(1);
  expect([...ledger.refunds.entries()]).toEqual([[`refund:${key}`, `demo_${key}`]]);
  expect(await boxesOf(id)).toMatchObject([
    { status: "unpaid", lastError: REFUNDED_IN_FLIGHT, claimedAt: null, orderId: null },
  ]);
  expect((await subscription(id)).status).toBe("ended");
  const history = await db()
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, id));
  expect(history.map((e) => e.type)).toContain("charge_refunded");
  expect(history.map((e) => e.type)).not.toContain("charged");
}, 180_000);

test("a worker killed after the provider took the charge but before recording it: the next run resumes the claim and is answered the same charge, never a second", async () => {
  const { id, userId } = await insertSubscription();
  const ledger = chargeLedger();
  const died = new Error("SIGKILL");
  // The claim commits; the "process" then dies with its request already at the provider.
  await expect(
    runRenewals({
      now: CUTOFF,
      provider: ledger,
      afterClaim: async () => {
        const [box] = await boxesOf(id);
        expect(box).toMatchObject({ claimKey: chargeKey(id, "2027-01-08", 1), claimAttempt: 1 });
        const sub = await subscription(id);
        await ledger.chargeSavedCard({
          customerId: sub.providerCustomerId!,
          paymentMethodId: sub.providerPaymentMethodId!,
          amount: box!.amount,
          currency: box!.currency,
          idempotencyKey: box!.claimKey!,
          description: `${box!.plan} garden box, ${box!.deliverOn}`,
        });
        throw died;
      },
    }),
  ).rejects.toBe(died);
  expect(await boxesOf(id)).toMatchObject([{ status: "scheduled", claimKind: "renewal" }]);
  expect(await ordersOf(userId)).toEqual([]);
  // Its claim is not taken again by a run that could still be the live owner's...
  expect(await runRenewals({ now: CUTOFF, provider: ledger })).toMatchObject({
    charged: 0,
    resumed: 0,
  });
  // ...and once the worker is known dead (the lease over), it is resumed: one charge in all.
  expect(await runRenewals({ now: CUTOFF, provider: ledger, claimLeaseMs: 0 })).toMatchObject({
    resumed: 1,
    charged: 1,
  });
  expect([...ledger.byKey.keys()]).toEqual([chargeKey(id, "2027-01-08", 1)]);
  expect(ledger.requests).toBe(2);
  expect(ledger.paid()).toHaveLength(1);
  expect(await ordersOf(userId)).toHaveLength(1);
  expect(await boxesOf(id)).toMatchObject([{ status: "charged", claimedAt: null }]);
  expect((await subscription(id)).nextBoxOn).toBe("2027-01-08");
}, 180_000);

test("a box read as unclaimed by two runs (one just before the other's claim committed) is claimed by one of them only", async () => {
  const { id } = await insertSubscription();
  const ledger = chargeLedger();
  // The first run's claim commits, and is then stopped before its charge.
  let first: { box: { id: string } }[] = [];
  await expect(
    runRenewals({
      now: CUTOFF,
      provider: ledger,
      afterClaim: async () => {
        first = await boxesOf(id).then((rows) => rows.map((box) => ({ box })));
        throw new Error("stopped");
      },
    }),
  ).rejects.toThrow("stopped");
  expect(first).toHaveLength(1);
  // The second run read the subscription before that commit: its claim of the same box finds it
  // taken and claims nothing (before: it overwrote the claim and charged the box a second time).
  const sub = await subscription(id);
  const [box] = await boxesOf(id);
  const second = await db().transaction((tx) =>
    markClaimed(tx, [{ sub, box: box!, kind: "renewal", attempt: 1 }], new Map()),
  );
  expect(second).toEqual([]);
  expect(await boxesOf(id)).toMatchObject([{ claimKey: chargeKey(id, "2027-01-08", 1) }]);
}, 180_000);

test("lanes side by side renew every subscription once: one request, one charge and one order each", async () => {
  const made = await Promise.all(Array.from({ length: 12 }, () => insertSubscription()));
  const ledger = chargeLedger();
  const tally = await runRenewals({ now: CUTOFF, provider: ledger, batchSize: 2, lanes: 4 });
  expect(tally).toMatchObject({ charged: 12, failed: 0 });
  expect(ledger.requests).toBe(12);
  expect(ledger.paid()).toHaveLength(12);
  for (const { id, userId } of made) {
    expect(await boxesOf(id)).toMatchObject([{ status: "charged", claimedAt: null }]);
    expect(await ordersOf(userId)).toHaveLength(1);
  }
}, 180_000);
