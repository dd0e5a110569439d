// Renewal figures (issue 21): `npm run bench -- renewal`.
//   1. One renewal run of 100,000 active subscriptions (plus 2,000 whose box is skipped and 2,000
//      paused) on PostgreSQL with the demo provider behind a durable charge ledger; beside it, as
//      the reference measured in the same run, a plain bulk insert of the same number of rows.
//   2. The same run with the worker process SIGKILLed at 8 random points and, once, every
//      connection to the bench database terminated (pg_terminate_backend: the stand-in for a
//      PostgreSQL restart, as the shared server is not ours to restart), each time started again;
//      then exactly 1 charge, 1 charged box and 1 order per active subscription, 0 for the others.
// Each run gets a fresh database (a copy of one template) on BENCH_ADMIN_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); all are dropped afterwards.
import { spawn } from "node:child_process";
import pg from "pg";
import { setDatabase } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { stopQueue } from "#app/lib/queue.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { insertBenchSubscriptions, printTable } from "./lib.ts";
import { durableLedger, LEDGER_TABLE, openBenchApp } from "./renewal/engine.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ACTIVE = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const SKIPPED = Math.round(ACTIVE / 50);
const PAUSED = Math.round(ACTIVE / 50);
const KILLS = 8;
// Week-2 subscriptions whose January box (8 January 2027) is charged at its cutoff, 3 January.
const NOW = "2027-01-03T00:00:00.000Z";

const base = `patch_bench_renewal_${process.pid}`;
const names = { template: `${base}_t`, plain: `${base}_a`, killed: `${base}_b` };
const urlOf = (name: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();

async function terminate(name: string): Promise<number> {
  const { rowCount } = await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [name],
  );
  return rowCount ?? 0;
}
async function dropAll(): Promise<void> {
  for (const name of Object.values(names)) {
    await terminate(name);
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

async function closeApp(handle: { close(): Promise<void> }, pool?: pg.Pool) {
  await stopQueue();
  await handle.close();
  setDatabase(undefined);
  await pool?.end();
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

try {
  await dropAll();
  // The template: migrated, the demo data's box contents, the subscriptions.
  await admin.query(`create database ${names.template}`);
  const t = await openBenchApp(urlOf(names.template));
  await t.migrate();
  await seedDemoData(t.db, settings());
  await t.pool!.query(LEDGER_TABLE);
  const total = ACTIVE + SKIPPED + PAUSED;
  const insertStarted = performance.now();
  await insertBenchSubscriptions(
    t.pool!,
    [
      { name: "active", count: ACTIVE },
      { name: "skipped", count: SKIPPED },
      { name: "paused", count: PAUSED, status: "paused" },
    ],
    ["Auckland", "Wellington", "Otago"],
  );
  const insertMs = performance.now() - insertStarted;
  await t.pool!.query(
    `insert into boxes (subscription_id, deliver_on, cutoff_at, status, plan, zone, items, amount, currency)
     select id, '2027-01-08', '2027-01-03T00:00:00Z', 'skipped', plan, 'warm-north', '[]', price, currency
     from subscriptions where idempotency_key like 'bench-skipped-%'`,
  );
  await t.pool!.query("vacuum analyze");
  await closeApp(t);
  await terminate(names.template);

  async function verify(url: string) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`
      select split_part(s.idempotency_key, '-', 2) as "group", count(*)::int as subscriptions,
        count(*) filter (where coalesce(c.n, 0) = 1)::int as "1 charge",
        count(*) filter (where coalesce(c.n, 0) = 0)::int as "0 charges",
        max(coalesce(c.n, 0))::int as "most charges",
        count(*) filter (where coalesce(b.n, 0) = 1)::int as "1 box",
        max(coalesce(b.n, 0))::int as "most boxes",
        count(*) filter (where coalesce(o.n, 0) = 1)::int as "1 order",
        max(coalesce(o.n, 0))::int as "most orders"
      from subscriptions s
      left join (select subscription_id, count(*) n from bench_charges where ok group by 1) c
        on c.subscription_id = s.id
      left join (select subscription_id, count(*) n from boxes where status = 'charged' group by 1) b
        on b.subscription_id = s.id
      left join (select user_id, count(*) n from orders group by 1) o on o.user_id = s.user_id
      group by 1 order by 1`);
    const { rows: req } = await c.query(
      `select coalesce(sum(requests), 0)::int as requests, count(*)::int as keys from bench_charges`,
    );
    await c.end();
    const ok = rows.every((r) =>
      r.group === "active"
        ? r["1 charge"] === r.subscriptions &&
          r["1 box"] === r.subscriptions &&
          r["1 order"] === r.subscriptions &&
          r["most charges"] === 1 &&
          r["most boxes"] === 1 &&
          r["most orders"] === 1
        : r["0 charges"] === r.subscriptions && r["most boxes"] === 0 && r["most orders"] === 0,
    );
    return { rows, requests: req[0].requests as number, keys: req[0].keys as number, ok };
  }

  // 1. One run, in this process.
  await admin.query(`create database ${names.plain} template ${names.template}`);
  const a = await openBenchApp(urlOf(names.plain));
  const ledgerA = durableLedger(urlOf(names.plain));
  const runStarted = performance.now();
  const tally = await runRenewals({
    now: new Date(NOW),
    provider: ledgerA.provider,
    batchSize: 500,
  });
  const runMs = performance.now() - runStarted;
  await closeApp(a, ledgerA.pool);
  const plain = await verify(urlOf(names.plain));
  printTable(
    `Renewal run: ${ACTIVE.toLocaleString("en-NZ")} active subscriptions on PostgreSQL (demo provider, durable ledger)`,
    [
      {
        figure: "renewal run (charge, box, order, period, e-mail job each)",
        seconds: seconds(runMs),
        per_second: Math.round((ACTIVE / runMs) * 1000),
        floor: "≤ 600 s",
        goal: "≤ 120 s",
      },
      {
        figure: `reference: plain bulk insert of ${total.toLocaleString("en-NZ")} subscription and account rows`,
        seconds: seconds(insertMs),
        per_second: Math.round((total / insertMs) * 1000),
        floor: "",
        goal: "",
      },
    ],
  );
  printTable("Tally of the run", [tally as unknown as Record<string, number>]);
  printTable(
    `Per subscription after one run (${plain.ok ? "as expected" : "NOT as expected"})`,
    plain.rows,
  );

  // 2. Killed at random points, and every connection cut once.
  await admin.query(`create database ${names.killed} template ${names.template}`);
  const url = urlOf(names.killed);
  const killsAt: string[] = [];
  let cut = 0;
  let starts = 0;
  const startedAll = performance.now();
  // Each worker is killed a random time into its work (after it says it is ready).
  const lifetime = () => 300 + Math.random() * Math.max(1_000, runMs / 6);
  for (;;) {
    starts++;
    const worker = spawn(process.execPath, ["bench/renewal/worker.ts", url, NOW], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    worker.stderr.on("data", () => {});
    const exited = new Promise<number | null>((r) => worker.on("exit", (code) => r(code)));
    const killing = killsAt.length < KILLS;
    const cutting = !killing && cut === 0;
    const wait = cutting ? 300 + Math.random() * 700 : lifetime();
    let timer: NodeJS.Timeout | undefined;
    worker.stdout.on("data", (d: Buffer) => {
      if (!d.toString().includes("ready") || timer) return;
      timer = setTimeout(() => {
        if (killing) {
          worker.kill("SIGKILL");
          killsAt.push(`${seconds(wait)} s`);
        } else if (cutting) {
          void terminate(names.killed).then((n) => (cut = n));
        }
      }, wait);
    });
    const code = await exited;
    clearTimeout(timer);
    if (code === 0 && !killing && !cutting) break;
    if (code === 0 && cutting) break;
    if (code === 0 && killing) killsAt.push("(finished first)");
    if (starts > 40) throw new Error("the killed run did not finish in 40 starts");
  }
  const killedMs = performance.now() - startedAll;
  const killed = await verify(url);
  printTable("Renewal with the worker SIGKILLed and the connections cut", [
    {
      worker_starts: starts,
      sigkills: killsAt.filter((k) => k.endsWith(" s")).length,
      killed_after: killsAt.join(", "),
      connections_terminated: cut,
      wall_seconds: seconds(killedMs),
      charge_requests: killed.requests,
      distinct_charge_keys: killed.keys,
    },
  ]);
  printTable(
    `Per subscription after the killed run (${killed.ok ? "exactly as expected" : "NOT as expected"})`,
    killed.rows,
  );
  if (!plain.ok || !killed.ok) process.exitCode = 1;
} finally {
  await dropAll();
  await admin.end();
  process.stdout.write(
    "Bench databases dropped (their connections ended with pg_terminate_backend; the shared server was not restarted).\n",
  );
}
