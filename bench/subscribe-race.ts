// Ten subscribe submits at once by one member (issue 36 finding 2, ADR 060): `npm run bench --
// subscribe-race`. BENCH_ROUNDS members (default 30) each press Subscribe in ten tabs at once (ten
// page keys) through the real use-case on PostgreSQL with the demo provider; per round, how many
// charges (box orders and "charged" rows), subscriptions and submits answered with the one made,
// and each submit's latency, p50 and p99 over all rounds. Beside it, as the reference measured in
// the same run, ten concurrent credit grants to one member (the same per-member lock, no card). A
// fresh database on BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped
// afterwards.
import { setDatabase } from "#app/lib/db.server.ts";
import { createQueues, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { grantCredit } from "#app/modules/credits/grant-credit.server.ts";
import { openRegion } from "#app/modules/subscriptions/regions.server.ts";
import { startSubscription } from "#app/modules/subscriptions/start-subscription.server.ts";
import { jobs } from "#server/jobs.ts";
import { insertMember } from "#tests/factories/members.ts";
import { subscribeInput } from "#tests/factories/subscriptions.ts";
import { benchDatabases, openUseCaseDatabase, printTable } from "./lib.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TABS = 10;
const dbs = await benchDatabases("subscribe", ["db"] as const);
const url = dbs.url("db");
const NOW = new Date("2026-11-25T02:00:00Z");

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

async function timed<T>(run: () => Promise<T>, into: number[]): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    into.push(performance.now() - started);
  }
}

try {
  await dbs.dropAll();
  await dbs.create("db");
  const handle = await openUseCaseDatabase(url, 10);
  await startQueue(handle, { connectionString: url });
  await createQueues(jobs);
  await openRegion("Auckland", "bench", NOW);

  const latencies: number[] = [];
  const rounds = { charges: 0, subscriptions: 0, answeredWithIt: 0, wrong: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const id = await insertMember({ name: "Aroha Ngata" });
    const who = { id, email: `${id}@example.nz`, name: "Aroha Ngata" };
    const results = await Promise.all(
      Array.from({ length: TABS }, () =>
        timed(() => startSubscription(subscribeInput(NOW), who, NOW), latencies),
      ),
    );
    const { rows } = await handle.pool!.query<{ subs: number; charges: number; orders: number }>(
      `select (select count(*) from subscriptions where user_id = $1)::int as subs,
              (select count(*) from subscription_events e join subscriptions s on s.id = e.subscription_id
                where s.user_id = $1 and e.type = 'charged')::int as charges,
              (select count(*) from orders where user_id = $1)::int as orders`,
      [id],
    );
    const found = rows[0]!;
    const made = results.filter((r) => r.ok && r.created);
    const madeId = made[0]?.ok ? made[0].subscriptionId : null;
    const answered = results.filter((r) => r.ok && !r.created && r.subscriptionId === madeId);
    rounds.charges += found.charges;
    rounds.subscriptions += found.subs;
    rounds.answeredWithIt += answered.length;
    if (found.charges !== 1 || found.subs !== 1 || found.orders !== 1 || answered.length !== 9)
      rounds.wrong++;
  }

  const reference: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const userId = await insertMember({ name: "Reference" });
    await Promise.all(
      Array.from({ length: TABS }, () =>
        timed(
          () =>
            grantCredit({
              input: { userId, amount: "1", reason: "Bench", requestKey: crypto.randomUUID() },
              admin: { id: "bench-admin" },
            }),
          reference,
        ),
      ),
    );
  }

  printTable(`${TABS} concurrent subscribe submits by one member, ${ROUNDS} members (PostgreSQL)`, [
    {
      what: "subscribe (demo card)",
      "charges / round": Math.round((rounds.charges / ROUNDS) * 100) / 100,
      "subscriptions / round": Math.round((rounds.subscriptions / ROUNDS) * 100) / 100,
      "answered with it / round": Math.round((rounds.answeredWithIt / ROUNDS) * 100) / 100,
      "rounds not 1/1/9": rounds.wrong,
      "p50 ms": percentile(latencies, 50),
      "p99 ms": percentile(latencies, 99),
    },
    {
      what: "reference: credit grants",
      "charges / round": "-",
      "subscriptions / round": "-",
      "answered with it / round": "-",
      "rounds not 1/1/9": "-",
      "p50 ms": percentile(reference, 50),
      "p99 ms": percentile(reference, 99),
    },
  ]);
  await stopQueue();
  await handle.close();
  setDatabase(undefined);
  if (rounds.wrong > 0) process.exitCode = 1;
} finally {
  await dbs.end();
}
