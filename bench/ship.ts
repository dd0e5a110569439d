// Bulk shipping figures (issue 40, ADR 074): `npm run bench -- ship`. A packing run of 2,000 paid
// subscription boxes with their orders on a fresh PostgreSQL database on BENCH_ADMIN_URL (default
// postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards), the queue started; then,
// through the real use-cases: mark the run packed, make NZ Post's booking file, and import a
// tracking file for every box (each order shipped with its number and its e-mail queued, each box
// shipped). Beside them, as the reference measured in the same run, 2,000 single-row updates of
// a plain table in their own transactions. Floor 30 s, goal 10 s (issue 40).
import pg from "pg";
import { openDatabase, setDatabase } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { createQueues, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import {
  bookingCsv,
  findCourier,
  importTracking,
  markRunPacked,
  parseCsv,
} from "#app/flows/ship-packing-run.server.ts";
import { sendOrderUpdateJob } from "#app/modules/orders/send-order-update.server.ts";
import { printTable } from "./lib.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BOXES = Number(process.env.BENCH_BOXES ?? 2000);
const DAY = "2027-01-08";
const name = `patch_bench_ship_${process.pid}`;
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
})();
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const ms = (from: number) => Math.round(performance.now() - from);

try {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  setSettings(parseSettings({ APP_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" }));
  const handle = await openDatabase(url, 6);
  setDatabase(handle);
  await handle.migrate();
  await startQueue(handle, { connectionString: url, poolSize: 2 });
  await createQueues([sendOrderUpdateJob as never]);
  const pool = handle.pool!;
  await pool.query(
    `with subs as (
       insert into subscriptions (idempotency_key, user_id, email, name, plan, price, currency,
         region, address, delivery_week, status, current_period_start, current_period_end,
         next_box_on, payment_provider)
       select 'bench-' || i, 'bench-user-' || i, 'bench' || i || '@example.nz', 'Bench ' || i,
         '1m2', 5900, 'NZD', 'Waikato',
         jsonb_build_object('street', i || ' Rimu Road', 'city', 'Hamilton', 'state', 'Waikato',
           'zip', '3200', 'country', 'NZ', 'rural', false),
         2, 'active', now(), now(), $2::date, 'demo'
       from generate_series(1, $1) i
       returning id, email, name, address),
     made as (
       insert into orders (idempotency_key, status, kind, name, email, address, shipping_method,
         currency, subtotal, shipping, gst, total, payment_provider, expires_at, paid_at)
       select 'bench-order-' || s.id, 'paid', 'subscription box', s.name, s.email, s.address,
         'standard', 'NZD', 5900, 0, 770, 5900, 'demo', now(), now()
       from subs s
       returning id, idempotency_key)
     insert into boxes (subscription_id, deliver_on, cutoff_at, status, plan, zone, items, amount,
       currency, order_id)
     select s.id, $2::date, now(), 'charged', '1m2', 'temperate', '[]', 5900, 'NZD', m.id
     from subs s join made m on m.idempotency_key = 'bench-order-' || s.id`,
    [BOXES, DAY],
  );
  await pool.query("analyze");
  const courier = findCourier("nz-post")!;

  const all = performance.now();
  let started = performance.now();
  const { packed } = await markRunPacked(DAY);
  const packMs = ms(started);
  started = performance.now();
  const booking = await bookingCsv(DAY, courier);
  const bookingMs = ms(started);
  const rows = parseCsv(booking).slice(1);
  const tracking = [
    "Reference,Tracking Number",
    ...rows.map((r, i) => `${r[0]},NZP${100000 + i}`),
  ].join("\r\n");
  started = performance.now();
  const imported = await importTracking(DAY, courier, tracking);
  const importMs = ms(started);
  const totalMs = ms(all);
  const { rows: queued } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job where name = $1`,
    [sendOrderUpdateJob.name],
  );

  await pool.query(`create table bench_plain (id serial primary key, status text)`);
  await pool.query(`insert into bench_plain (status) select 'paid' from generate_series(1, $1)`, [
    BOXES,
  ]);
  started = performance.now();
  for (let i = 1; i <= BOXES; i++) {
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query(`update bench_plain set status = 'shipped' where id = $1`, [i]);
      await client.query("commit");
    } finally {
      client.release();
    }
  }
  const referenceMs = ms(started);

  printTable(`Bulk shipping a run of ${BOXES} boxes (PostgreSQL)`, [
    { what: "mark the run packed", ms: packMs, count: packed },
    { what: "NZ Post booking file", ms: bookingMs, count: rows.length },
    { what: "import tracking: ship each, e-mail queued", ms: importMs, count: imported.shipped },
    { what: "all three (floor 30,000, goal 10,000)", ms: totalMs, count: queued[0]!.n },
    { what: "reference: 2,000 one-row update transactions", ms: referenceMs, count: BOXES },
  ]);
  await stopQueue();
  await handle.close();
  setDatabase(undefined);
  if (totalMs > 30_000 || imported.shipped !== BOXES) process.exitCode = 1;
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
