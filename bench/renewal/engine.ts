// What both the benchmark and its worker processes share: opening a bench database with the app's
// settings, database and queue, and a saved-card provider whose ledger is durable, as Stripe's is:
// a charge is written under its idempotency key in `bench_charges` (its own connection, outside
// the engine's transaction) and a repeated key gets the first answer back, counted as a request.
import pg from "pg";
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
    requests integer not null default 1
  );
  create table if not exists bench_refunds (key text primary key, reference text not null)`;

export async function openBenchApp(url: string): Promise<DatabaseHandle> {
  setSettings(parseSettings({ APP_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" }));
  const handle = await openDatabase(url, 6);
  setDatabase(handle);
  await startQueue(handle, { connectionString: url, poolSize: 2 });
  await createQueues([sendBoxEmailJob as never]);
  return handle;
}

export function durableLedger(url: string): { provider: SavedCardProvider; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  pool.on("error", () => {});
  const provider: SavedCardProvider = {
    name: "demo",
    saveCard: (card, owner, now) => demoSavedCards.saveCard(card, owner, now),
    async chargeSavedCard(charge) {
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
      return row.ok ? { ok: true, reference: row.reference } : { ok: false, message: row.message };
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
