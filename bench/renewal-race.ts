// A renewal run racing its members (issue 36): `npm run bench -- renewal-race`. BENCH_SUBSCRIPTIONS
// (default 10,000) week-2 subscriptions due at 3 January 2027's cutoff, on PostgreSQL, renewed by
// one run (the durable charge ledger, a 0 ms provider, as bench/renewal.ts) while members, through
// the real use-cases, skip their box and cancel (pressed a minute before the cutoff, landing while
// the run charges) and delete their account (the deletion's own transaction: its subscriptions
// ended and unlinked, the account removed), 5 % of the subscriptions each, 8 at a time. Then, per
// subscription, the charges that should not have happened:
// - a skip the member was told went through, but the box charged;
// - a cancel that said "nothing more is charged", but the box charged;
// - an account deleted, but a charge kept (not refunded) or a box order kept, unless the box was
//   paid and recorded before the deletion (then, as on the delete page, it is the member's choice
//   to have it refunded or delivered; app/flows/delete-account.server.test.ts proves both);
// - any subscription charged twice for the box, or an untouched one not charged once.
// Beside it, as the reference measured in the same run, the same renewal of a copy with no member
// racing it.
import { eq } from "drizzle-orm";
import pg from "pg";
import { users } from "#db/schema/index.ts";
import { db, setDatabase } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { createQueues, stopQueue } from "#app/lib/queue.server.ts";
import { forgetSavedCardJob } from "#app/modules/payments/forget-saved-card.server.ts";
import { cancelSubscription } from "#app/modules/subscriptions/cancel-subscription.server.ts";
import {
  endAccountSubscriptions,
  lockAccountSubscriptions,
  paidUnpackedBoxes,
} from "#app/modules/subscriptions/end-account-subscriptions.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { skipNextBox } from "#app/modules/subscriptions/skip-next-box.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { benchDatabases, insertBenchSubscriptions, printTable } from "./lib.ts";
import { durableLedger, LEDGER_TABLE, openBenchApp } from "./renewal/engine.ts";

const N = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const EACH = Math.round(N / 20);
const AT_ONCE = 8;
const NOW = new Date("2027-01-03T00:00:00.000Z");
const PRESSED = new Date(NOW.getTime() - 60_000);
const dbs = await benchDatabases("race", ["t", "raced", "ref"] as const);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

type Action = "skip" | "cancel" | "delete";
interface Done {
  userId: string;
  action: Action;
  /** The member was told it went through (a skip: not charged; a cancel: nothing more). */
  accepted: boolean;
  /** The cancel said the box being charged still comes. */
  boxComes: boolean;
  /** Finished while the run was still going. */
  duringRun: boolean;
  /** The skip was of the box this run charges (not, after its charge, the one after). */
  thisBox: boolean;
  /** A deletion found the box already paid and recorded (the member's refund-or-keep choice). */
  paidBefore: boolean;
}

async function act(userId: string, action: Action, running: () => boolean): Promise<Done> {
  const requestKey = crypto.randomUUID();
  let accepted = false;
  let boxComes = false;
  let thisBox = true;
  let paidBefore = false;
  if (action === "skip") {
    const out = await skipNextBox({ requestKey }, { userId, now: PRESSED });
    accepted = out.ok && out.changed;
    thisBox = out.ok && /8 January 2027 is skipped/.test(out.message);
  } else if (action === "cancel") {
    const out = await cancelSubscription({ requestKey, reason: "other" }, { userId, now: PRESSED });
    accepted = out.ok && out.changed;
    boxComes = out.ok && /still comes/.test(out.message);
  } else {
    await db().transaction(async (tx) => {
      // As the delete flow: the subscriptions' locks first, so a record in flight commits before
      // this reads whether the box is paid.
      await lockAccountSubscriptions(tx, userId);
      paidBefore = (await paidUnpackedBoxes(userId, tx)).length > 0;
      await endAccountSubscriptions(tx, { userId, keptBoxes: [] });
      await tx.delete(users).where(eq(users.id, userId));
    });
    accepted = true;
  }
  return { userId, action, accepted, boxComes, duringRun: running(), thisBox, paidBefore };
}

/** Per subscription: successful charges, refunds of them, charged boxes and box orders. */
async function outcomes(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{
    user_id: string;
    charges: number;
    refunds: number;
    orders: number;
  }>(`
    select s.user_id,
      (select count(*)::int from bench_charges ch where ch.subscription_id = s.id and ch.ok) as charges,
      (select count(*)::int from bench_refunds r join bench_charges ch on ch.reference = r.reference
        where ch.subscription_id = s.id) as refunds,
      (select count(*)::int from boxes b where b.subscription_id = s.id and b.order_id is not null) as orders
    from subscriptions s`);
  await c.end();
  return rows;
}

try {
  await dbs.dropAll();
  await dbs.create("t");
  const t = await openBenchApp(dbs.url("t"));
  await t.migrate();
  await seedDemoData(t.db, settings());
  await t.pool!.query(LEDGER_TABLE);
  await insertBenchSubscriptions(t.pool!, [{ name: "active", count: N }]);
  await t.pool!.query("vacuum analyze");
  await stopQueue();
  await t.close();
  setDatabase(undefined);
  await dbs.create("ref", "t");
  await dbs.create("raced", "t");

  // The reference: the same run, nobody racing it.
  const ref = await openBenchApp(dbs.url("ref"));
  const refLedger = durableLedger(dbs.url("ref"));
  const refStarted = performance.now();
  const refTally = await runRenewals({ now: NOW, provider: refLedger.provider, batchSize: 500 });
  const refMs = performance.now() - refStarted;
  await stopQueue();
  await ref.close();
  await refLedger.pool.end();
  setDatabase(undefined);

  // The raced run: members' actions, in random order, AT_ONCE at a time, from the run's start.
  const app = await openBenchApp(dbs.url("raced"));
  await createQueues([forgetSavedCardJob, sendSubscriptionChangeJob] as never);
  const ledger = durableLedger(dbs.url("raced"));
  const picked = Array.from({ length: N }, (_, i) => i + 1)
    .sort(() => Math.random() - 0.5)
    .slice(0, EACH * 3)
    .map((i, k) => ({
      userId: `bench-user-${i}`,
      action: (["skip", "cancel", "delete"] as const)[k % 3]!,
    }));
  let running = true;
  const started = performance.now();
  const run = runRenewals({ now: NOW, provider: ledger.provider, batchSize: 500 }).finally(() => {
    running = false;
  });
  const done: Done[] = [];
  let next = 0;
  const members = Array.from({ length: AT_ONCE }, async () => {
    while (next < picked.length) {
      const p = picked[next++]!;
      done.push(await act(p.userId, p.action, () => running));
    }
  });
  const tally = await run;
  const runMs = performance.now() - started;
  await Promise.all(members);
  // Whatever the run left (a deletion landing after its check) the next run settles.
  const after = await runRenewals({ now: NOW, provider: ledger.provider, claimLeaseMs: 0 });
  await stopQueue();
  await app.close();
  await ledger.pool.end();
  setDatabase(undefined);

  const by = new Map(done.map((d) => [d.userId, d]));
  const wrong: Record<string, number> = {
    "skipped, yet charged": 0,
    "cancelled ('nothing more'), yet charged": 0,
    "deleted, yet a charge kept": 0,
    "deleted, yet a box order kept": 0,
    "charged twice": 0,
    "untouched, not charged once": 0,
  };
  for (const o of await outcomes(dbs.url("raced"))) {
    const d = by.get(o.user_id);
    const kept = o.charges - o.refunds;
    if (o.charges > 1) wrong["charged twice"]!++;
    if (!d || !d.accepted) {
      if (d?.action !== "delete" && kept !== 1) wrong["untouched, not charged once"]!++;
    } else if (d.action === "skip" && d.thisBox && kept > 0) wrong["skipped, yet charged"]!++;
    else if (d.action === "cancel" && !d.boxComes && kept > 0)
      wrong["cancelled ('nothing more'), yet charged"]!++;
    else if (d.action === "delete" && !d.paidBefore) {
      // Not paid and recorded when the deletion committed: any charge taken for it (in flight
      // then, or after) must have been given back, and no box order made.
      if (kept > 0) wrong["deleted, yet a charge kept"]!++;
      if (o.orders > 0) wrong["deleted, yet a box order kept"]!++;
    }
  }
  const count = (a: Action, f: (d: Done) => boolean) =>
    done.filter((d) => d.action === a && f(d)).length;
  printTable(`Renewal of ${N.toLocaleString("en-NZ")} subscriptions with members racing it`, [
    {
      figure: `raced: ${EACH} skips, ${EACH} cancels, ${EACH} deletions, ${AT_ONCE} at a time`,
      seconds: seconds(runMs),
      charged: tally.charged,
      skipped: tally.skipped,
      ended: tally.ended + tally.skippedNoAccount,
      refunded: tally.refunded + after.refunded,
      "goal ≤ 120 s": runMs <= 120_000 ? "met" : "missed",
    },
    {
      figure: "reference: the same run, nobody racing",
      seconds: seconds(refMs),
      charged: refTally.charged,
      skipped: refTally.skipped,
      ended: refTally.ended + refTally.skippedNoAccount,
      refunded: refTally.refunded,
      "goal ≤ 120 s": "",
    },
  ]);
  printTable("The members' actions", [
    ...(["skip", "cancel", "delete"] as const).map((a) => ({
      action: a,
      accepted: count(a, (d) => d.accepted),
      refused: count(a, (d) => !d.accepted),
      "finished during the run": count(a, (d) => d.duringRun),
      "cancel said its box still comes": a === "cancel" ? count(a, (d) => d.boxComes) : "",
      "deletion found the box paid": a === "delete" ? count(a, (d) => d.paidBefore) : "",
    })),
  ]);
  const total = Object.values(wrong).reduce((s, n) => s + n, 0);
  printTable(`Charges that should not have happened: ${total} (floor 0)`, [wrong]);
  if (total > 0) process.exitCode = 1;
} finally {
  await dbs.end();
}
