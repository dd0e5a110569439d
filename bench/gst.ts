// GST report figures (issue 40, ADR 074): `npm run bench -- gst`. 50,000 orders over 12 months
// (shop orders and boxes, some exports, some refunded) written straight to a fresh PostgreSQL
// database on BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres, dropped
// afterwards); then the report over the 12 months through the real use-case (median of 5), the
// first 100 orders behind it and the whole CSV. Beside them, as the reference measured in the same
// run, a plain `select count(*), sum(total) from orders`. Floor 2 s, goal 500 ms (issue 40).
import pg from "pg";
import { openDatabase, setDatabase } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { getGstReport, gstCsv, gstLines } from "#app/modules/payments/gst-report.server.ts";
import { printTable } from "./lib.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const name = `patch_bench_gst_${process.pid}`;
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
})();
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)]! * 10) / 10;
}

try {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  setSettings(parseSettings({ APP_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" }));
  const handle = await openDatabase(url, 5);
  setDatabase(handle);
  await handle.migrate();
  const pool = handle.pool!;
  const seeded = performance.now();
  // Paid across 1 December 2025 to 30 November 2026 (NZ), one in 40 an export, one in 25 refunded
  // a few days after it was paid, one in 3 a subscription box.
  await pool.query(
    `insert into orders (idempotency_key, status, kind, name, email, address, shipping_method,
       currency, subtotal, shipping, gst, total, payment_provider, expires_at, paid_at, updated_at)
     select 'bench-' || i,
       case when i % 25 = 0 then 'refunded' else 'shipped' end,
       case when i % 3 = 0 then 'subscription box' else 'shop' end,
       'Bench ' || i, 'bench' || i || '@example.nz',
       jsonb_build_object('street', '1 Rimu Road', 'city', 'Hamilton', 'state', 'Waikato',
         'zip', '3200', 'country', case when i % 40 = 0 then 'AU' else 'NZ' end, 'rural', false),
       'standard', 'NZD', t, 0, round(t * 3 / 23.0), t, 'demo', at, at,
       at + case when i % 25 = 0 then interval '4 days' else interval '0' end
     from (select i, 1000 + (i * 7919) % 20000 as t,
             timestamptz '2025-11-30 11:00Z' + (i::float / $1) * interval '365 days' as at
           from generate_series(1, $1) i) s`,
    [ORDERS],
  );
  await pool.query("analyze orders");
  const seedMs = Math.round(performance.now() - seeded);
  const period = { from: "2025-12-01", to: "2026-11-30" };
  await getGstReport(period);
  const reportMs = await median(5, () => getGstReport(period));
  const linesMs = await median(5, () => gstLines(period, 100));
  const csvMs = await median(3, () => gstCsv(period));
  const referenceMs = await median(5, () => pool.query("select count(*), sum(total) from orders"));
  const report = await getGstReport(period);
  printTable(`GST report over 12 months of ${ORDERS} orders (PostgreSQL; seeded in ${seedMs} ms)`, [
    { what: "report (boxes 5 to 8, refunds)", "median ms": reportMs, floor: "2000", goal: "500" },
    { what: "first 100 orders behind it", "median ms": linesMs, floor: "-", goal: "-" },
    { what: "CSV of every order and refund", "median ms": csvMs, floor: "-", goal: "-" },
    { what: "reference: count and sum of orders", "median ms": referenceMs, floor: "-", goal: "-" },
  ]);
  printTable("Figures", [
    {
      "sales (box 5)": report.sales.count,
      "zero-rated": report.zeroRated.count,
      refunds: report.refunds.count,
      "GST to pay (cents)": report.gstToPay,
    },
  ]);
  await handle.close();
  setDatabase(undefined);
  if (reportMs > 2000) process.exitCode = 1;
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
