// Renewal against a provider at real-world latency (issue 36, ADR 064): `npm run bench --
// renewal-latency`. BENCH_SUBSCRIPTIONS (default 5,000) active subscriptions on PostgreSQL are
// renewed by a worker process against the durable charge ledger (idempotent by key, as Stripe
// is) answering in 300 ms median / 2 s p99, with 1 % timeouts (charge taken, no answer) and 0.5 %
// 5xx; the worker is SIGKILLed twice and started again each time. Then: exactly 1 charge, 1 box
// and 1 order per subscription, and the most sessions ever seen sitting in a transaction while a
// charge was in flight (0: no row lock or pooled connection held across a provider call). Beside
// it, as the reference measured in the same run, the same renewal with a 0 ms provider, no kills.
import { spawn } from "node:child_process";
import pg from "pg";
import { setDatabase } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { stopQueue } from "#app/lib/queue.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { benchDatabases, insertBenchSubscriptions, printTable } from "./lib.ts";
import { LEDGER_TABLE, openBenchApp } from "./renewal/engine.ts";

const N = Number(process.env.BENCH_SUBSCRIPTIONS ?? 5_000);
const KILLS = 2;
const NOW = "2027-01-03T00:00:00.000Z";
const dbs = await benchDatabases("latency", ["t", "z", "r"] as const);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Starts workers until one finishes with nothing left claimed; SIGKILLs the first `kills`. */
async function renew(url: string, mode: "zero" | "latency", kills: number) {
  const killedAfter: string[] = [];
  let starts = 0;
  const started = performance.now();
  for (;;) {
    starts++;
    const worker = spawn(process.execPath, ["bench/renewal/worker.ts", url, NOW, mode], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    worker.stderr.on("data", () => {});
    let out = "";
    const exited = new Promise<number | null>((r) => worker.on("exit", (code) => r(code)));
    const killing = killedAfter.length < kills;
    const wait = 5_000 + Math.random() * 15_000;
    let timer: NodeJS.Timeout | undefined;
    worker.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (!killing || timer || !out.includes("ready")) return;
      timer = setTimeout(() => {
        worker.kill("SIGKILL");
        killedAfter.push(`${seconds(wait)} s`);
      }, wait);
    });
    const code = await exited;
    clearTimeout(timer);
    const tally = out.split("\n").find((l) => l.startsWith("{"));
    if (code === 0 && tally && (JSON.parse(tally) as { unfinished: number }).unfinished === 0)
      return { ms: performance.now() - started, starts, killedAfter };
    if (starts > 20) throw new Error("the run did not finish in 20 starts");
  }
}

async function verify(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query(`
    select count(*)::int as subscriptions,
      count(*) filter (where coalesce(ch.n, 0) = 1)::int as "1 charge",
      max(coalesce(ch.n, 0))::int as "most charges",
      count(*) filter (where coalesce(b.n, 0) = 1)::int as "1 charged box",
      count(*) filter (where coalesce(o.n, 0) = 1)::int as "1 order",
      max(coalesce(o.n, 0))::int as "most orders",
      (select count(*)::int from boxes where claimed_at is not null) as "still claimed",
      (select coalesce(sum(requests), 0)::int from bench_charges) as "charge requests",
      (select coalesce(max(n), 0)::int from bench_open_tx) as "most open transactions seen",
      (select count(*)::int from bench_open_tx) as samples
    from subscriptions s
    left join (select subscription_id, count(*) n from bench_charges where ok group by 1) ch
      on ch.subscription_id = s.id
    left join (select subscription_id, count(*) n from boxes where status = 'charged' group by 1) b
      on b.subscription_id = s.id
    left join (select user_id, count(*) n from orders group by 1) o on o.user_id = s.user_id`);
  await c.end();
  const r = rows[0] as Record<string, number>;
  const ok =
    r["1 charge"] === N &&
    r["most charges"] === 1 &&
    r["1 charged box"] === N &&
    r["1 order"] === N &&
    r["most orders"] === 1 &&
    r["still claimed"] === 0;
  return { row: r, ok };
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

  await dbs.create("z", "t");
  const zero = await renew(dbs.url("z"), "zero", 0);
  const zeroCheck = await verify(dbs.url("z"));
  await dbs.create("r", "t");
  const real = await renew(dbs.url("r"), "latency", KILLS);
  const realCheck = await verify(dbs.url("r"));
  const perMinute = (ms: number) => Math.round((N / ms) * 60_000);
  printTable(`Renewal of ${N.toLocaleString("en-NZ")} subscriptions, one worker process`, [
    {
      figure: "real-world latency (300 ms median, 2 s p99, 1 % timeouts, 0.5 % 5xx), 2 SIGKILLs",
      seconds: seconds(real.ms),
      per_minute: perMinute(real.ms),
      "100,000 at this rate (min)": Math.round((100_000 / perMinute(real.ms)) * 10) / 10,
      starts: real.starts,
      killed_after: real.killedAfter.join(", "),
    },
    {
      figure: "reference: 0 ms provider, no kills, same run",
      seconds: seconds(zero.ms),
      per_minute: perMinute(zero.ms),
      "100,000 at this rate (min)": Math.round((100_000 / perMinute(zero.ms)) * 10) / 10,
      starts: zero.starts,
      killed_after: "",
    },
  ]);
  printTable("After each run", [
    { run: "real-world latency", ...realCheck.row, exactly_once: String(realCheck.ok) },
    { run: "0 ms reference", ...zeroCheck.row, exactly_once: String(zeroCheck.ok) },
  ]);
  if (!realCheck.ok || !zeroCheck.ok) process.exitCode = 1;
} finally {
  await dbs.end();
}
