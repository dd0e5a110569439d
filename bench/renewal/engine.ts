// What both the benchmark and its worker processes share: opening a bench database with the app's
// settings, database and queue, and a saved-card provider whose ledger is durable, as Stripe's is:
// a charge is written under its idempotency key in `bench_charges` (its own connection, outside
// the engine's transaction) and a repeated key gets the first answer back, counted as a request.
import pg from "pg";
import { failure } from "#app/lib/outcome.ts";
import { openDatabase, setDatabase, type DatabaseHandle } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { createQueues, startQueue } from "#app/lib/queue.server.ts";
import {
  demoSavedCards,
  type SavedCardProvider,
} from "#app/modules/payments/saved-cards.server.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";

export const LEDGER_TABLE = `
  create table if not exists bench_charges (
    key text primary key,
    subscription_id uuid not null,
    amount integer not null,
    ok boolean not null,
    reference text,
    message text,
    requests integer not null default 1,
    taken_at timestamptz not null default clock_timestamp()
  );
  create table if not exists bench_refunds (key text primary key, reference text not null);
  create table if not exists bench_open_tx (n integer not null)`;

export async function openBenchApp(url: string): Promise<DatabaseHandle> {
  setSettings(parseSettings({ APP_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" }));
  const handle = await openDatabase(url, 6);
  setDatabase(handle);
  await startQueue(handle, { connectionString: url, poolSize: 2 });
  await createQueues([sendBoxEmailJob as never]);
  return handle;
}

/**
 * Real-world provider latency (issue 36): log-normal with a 300 ms median and a 2 s p99; 1 % of
 * calls time out (the provider took the charge, the answer never comes: the client gives up after
 * 3 s and throws) and 0.5 % answer 5xx before taking it. Every 25th call also counts the bench
 * database's sessions sitting idle in a transaction for over 200 ms (bench_open_tx): a row lock or
 * pooled connection held across a provider call (300 ms median) shows there, while another lane's
 * claim or record, whose statements follow each other within milliseconds, does not.
 */
export interface Latency {
  medianMs: number;
  p99Ms: number;
  timeouts: number;
  errors: number;
}
export const REAL_WORLD: Latency = { medianMs: 300, p99Ms: 2_000, timeouts: 0.01, errors: 0.005 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function latencyMs({ medianMs, p99Ms }: Latency): number {
  // Box–Muller normal; sigma so that the 99th percentile (z = 2.326) is p99.
  const z = Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
  return medianMs * Math.exp((Math.log(p99Ms / medianMs) / 2.326) * z);
}

export function durableLedger(
  url: string,
  latency?: Latency,
): { provider: SavedCardProvider; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  let calls = 0;
  pool.on("error", () => {});
  const provider: SavedCardProvider = {
    name: "demo",
    saveCard: (card, owner, now) => demoSavedCards.saveCard(card, owner, now),
    async chargeSavedCard(charge) {
      if (latency && ++calls % 25 === 0)
        await pool.query(
          `insert into bench_open_tx (n) select count(*) from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'
              and clock_timestamp() - state_change > interval '200 milliseconds'`,
        );
      const roll = Math.random();
      if (latency && roll < latency.errors) {
        await sleep(latencyMs(latency));
        throw new Error("provider answered 503");
      }
      const answer = await demoSavedCards.chargeSavedCard(charge);
      const subscriptionId = charge.idempotencyKey.split(":")[1];
      const { rows } = await pool.query<{ ok: boolean; reference: string; message: string }>(
        `insert into bench_charges (key, subscription_id, amount, ok, reference, message)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (key) do update set requests = bench_charges.requests + 1
         returning ok, reference, message`,
        [
          charge.idempotencyKey,
          subscriptionId,
          charge.amount,
          answer.ok,
          answer.ok ? answer.reference : null,
          answer.ok ? null : answer.message,
        ],
      );
      const row = rows[0]!;
      if (latency && roll < latency.errors + latency.timeouts) {
        await sleep(3_000);
        throw new Error("provider timed out after 3 s");
      }
      if (latency) await sleep(latencyMs(latency));
      return row.ok ? { ok: true, reference: row.reference } : failure("declined", row.message);
    },
    async refundCharge(reference, key) {
      await pool.query(
        `insert into bench_refunds (key, reference) values ($1, $2) on conflict (key) do nothing`,
        [key, reference],
      );
    },
  };
  return { provider, pool };
}
