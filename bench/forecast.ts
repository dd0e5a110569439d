// Forecast figures (issue 40, ADR 074): `npm run bench -- forecast`. 10,000 running subscriptions
// (all three plans, every region's zone, the four delivery weeks; one in 10 paused, one in 20 with
// the next box skipped, one in 15 with a swapped box made already) on a fresh PostgreSQL database
// on BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards) with
// the demo data's contents table; then three months of packing days through the real use-case
// (median of 5). Beside it, as the reference measured in the same run, reading the same rows
// alone (the subscriptions and the boxes in the window). Floor 2 s, goal 500 ms (issue 40).
import pg from "pg";
import { seedDemoData } from "#db/seed-data.ts";
import { openDatabase, setDatabase } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { forecastWindow, getForecast } from "#app/modules/subscriptions/forecast.server.ts";
import { printTable } from "./lib.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const name = `patch_bench_forecast_${process.pid}`;
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
  const settings = parseSettings({ APP_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" });
  setSettings(settings);
  const handle = await openDatabase(url, 5);
  setDatabase(handle);
  await handle.migrate();
  await seedDemoData(handle.db, settings);
  const pool = handle.pool!;
  const seeded = performance.now();
  const window = forecastWindow();
  const [y, m] = window.from.split("-").map(Number) as [number, number];
  const month = (ahead: number, week: string) =>
    `make_date(${y}, 1, 1) + ((${m - 1} + ${ahead}) || ' months')::interval + ((${week} - 1) * 7 || ' days')::interval`;
  await pool.query(
    `insert into subscriptions (id, idempotency_key, user_id, email, name, plan, price, currency,
       region, address, delivery_week, status, current_period_start, current_period_end,
       next_box_on, paused_until, payment_provider)
     select gen_random_uuid(), 'bench-' || i, 'bench-user-' || i, 'bench' || i || '@example.nz',
       'Bench ' || i, (array['0.5m2', '1m2', '2m2'])[1 + i % 3], 5900, 'NZD', r.region,
       jsonb_build_object('street', '1 Rimu Road', 'city', 'Town', 'state', r.region, 'zip', '3200',
         'country', 'NZ', 'rural', false),
       1 + i % 4, case when i % 10 = 0 then 'paused' else 'active' end, now(), now(),
       (${month(0, "(1 + i % 4)")})::date,
       case when i % 10 = 0 then (${month(1, "4")})::date end, 'demo'
     from generate_series(1, $1) i
     cross join lateral (select (array['Auckland', 'Waikato', 'Canterbury', 'Otago', 'Wellington',
       'Northland'])[1 + i % 6] as region) r`,
    [SUBSCRIPTIONS],
  );
  // Next month's box made already: skipped for one in 20, one line swapped for one in 15.
  await pool.query(
    `insert into boxes (subscription_id, deliver_on, cutoff_at, status, plan, zone, items, amount,
       currency)
     select s.id, (s.next_box_on + interval '1 month')::date, now(),
       case when s.n % 20 = 0 then 'skipped' else 'scheduled' end, s.plan, 'temperate',
       '[{"itemId":"seedling-basil","name":"Basil","kind":"seedling","sizeClass":"small-seedling","quantity":2}]',
       5900, 'NZD'
     from (select id, plan, next_box_on, row_number() over () as n from subscriptions) s
     where s.n % 20 = 0 or s.n % 15 = 0`,
  );
  await pool.query("analyze");
  const seedMs = Math.round(performance.now() - seeded);
  const days = await getForecast(window);
  const forecastMs = await median(5, () => getForecast(window));
  const referenceMs = await median(5, () =>
    Promise.all([
      pool.query("select * from subscriptions where status in ('active', 'paused', 'past_due')"),
      pool.query("select * from boxes where deliver_on between $1 and $2", [
        window.from,
        window.to,
      ]),
    ]),
  );
  printTable(
    `Forecast of ${SUBSCRIPTIONS} subscriptions, ${days.length} packing days (${window.from} to ${window.to}; seeded in ${seedMs} ms)`,
    [
      {
        what: "forecast (boxes, plans, zones, items)",
        "median ms": forecastMs,
        floor: "2000",
        goal: "500",
      },
      { what: "reference: reading the same rows", "median ms": referenceMs, floor: "-", goal: "-" },
    ],
  );
  printTable(
    "Boxes due",
    days
      .filter((d) => d.boxes + d.skipped + d.paused > 0)
      .map((d) => ({
        day: d.day,
        boxes: d.boxes,
        skipped: d.skipped,
        paused: d.paused,
        items: d.items.reduce((s, i) => s + i.quantity, 0),
      })),
  );
  await handle.close();
  setDatabase(undefined);
  if (forecastMs > 2000) process.exitCode = 1;
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
