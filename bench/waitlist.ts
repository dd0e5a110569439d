// Waitlist sign-ups against local PostgreSQL (issue 4's figures):
//   1. saturation: sign-ups per second, beside a raw insert-only pgbench baseline on the same server;
//   2. a constant 500 sign-ups per second: p50/p99;
//   3. every answered success is a row, with no duplicates.
// BENCH_DATABASE_URL (default: a fresh patch_bench_waitlist database on 127.0.0.1:5432).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startSmtp } from "../tests/setup/smtp.ts";
import { constantRate, printTable, startServer } from "./lib.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = "patch_bench_waitlist";
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

const smtp = await startSmtp({ countOnly: true });
const app = await startServer(
  {
    DATABASE_URL: dbUrl.toString(),
    SMTP_URL: smtp.url,
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    DATABASE_POOL_SIZE: "20",
  },
  { quiet: true },
);

let seq = 0;
const signup = () => {
  const i = ++seq;
  return {
    body: JSON.stringify({ email: `bench${i}.${process.pid}@example.nz`, region: "Auckland" }),
    headers: {
      "content-type": "application/json",
      origin: app.url,
      // One synthetic person per address, so per-address limits don't apply to the load.
      "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    },
  };
};

const ok = new Set<string>();
try {
  // 1. Saturation.
  const saturation = await autocannon({
    url: app.url,
    connections: 32,
    duration: SECONDS,
    requests: [
      {
        method: "POST",
        path: "/api/waitlist",
        setupRequest: (req) => {
          const s = signup();
          return { ...req, body: s.body, headers: s.headers };
        },
      },
    ],
  });

  // Raw insert-only baseline with pgbench on the same server.
  const dir = mkdtempSync(join(tmpdir(), "pgbench-"));
  const script = join(dir, "insert.sql");
  writeFileSync(
    script,
    "INSERT INTO bench_inserts (id, email, created_at) VALUES (gen_random_uuid(), md5(random()::text), now());\n",
  );
  const benchDb = new pg.Client({ connectionString: dbUrl.toString() });
  await benchDb.connect();
  await benchDb.query(
    "CREATE TABLE IF NOT EXISTS bench_inserts (id uuid primary key, email text unique, created_at timestamptz)",
  );
  const out = execFileSync(
    "pgbench",
    [
      "-n",
      "-c",
      "32",
      "-j",
      "2",
      "-T",
      String(SECONDS),
      "-f",
      script,
      "-h",
      dbUrl.hostname,
      "-U",
      dbUrl.username || "postgres",
      dbName,
    ],
    { encoding: "utf8" },
  );
  const pgbenchTps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);

  // 2. Constant 500 per second.
  const steady = await constantRate({
    url: `${app.url}/api/waitlist`,
    rate: 500,
    durationSeconds: SECONDS,
    init: () => {
      const s = signup();
      return { method: "POST", body: s.body, headers: s.headers };
    },
  });

  // 3. Every answered success is a row, no duplicates.
  const counted = await benchDb.query<{ rows: string; distinct_emails: string }>(
    "select count(*) as rows, count(distinct email) as distinct_emails from contacts",
  );
  await benchDb.end();

  const signupsPerSecond = Math.round(saturation.requests.average);
  printTable(
    `Waitlist sign-ups on PostgreSQL, ${SECONDS} s each (app, pgbench and load share this machine's 2 cores)`,
    [
      {
        "sign-ups/s (32 conn)": signupsPerSecond,
        "p99 ms": saturation.latency.p99,
        non2xx: saturation.non2xx,
        "pgbench insert tps": Math.round(pgbenchTps),
        "ratio app/pgbench": (signupsPerSecond / pgbenchTps).toFixed(2),
        "target ≥ 1000/s": signupsPerSecond >= 1000 ? "met" : "MISSED",
      },
    ],
  );
  printTable("Constant 500 sign-ups per second", [
    {
      "req/s": steady.rps,
      "p50 ms": steady.p50,
      "p99 ms": steady.p99,
      errors: steady.errors,
      non2xx: steady.non2xx,
      "target p99 < 50 ms": steady.p99 < 50 ? "met" : "MISSED",
    },
  ]);
  const rowCount = Number(counted.rows[0]?.rows ?? 0);
  const distinct = Number(counted.rows[0]?.distinct_emails ?? 0);
  const answered =
    saturation.requests.total -
    saturation.non2xx -
    saturation.errors +
    (steady.requests - steady.errors - steady.non2xx);
  ok.add(String(answered));
  printTable("Durability", [
    {
      "successes answered": answered,
      "contact rows": rowCount,
      duplicates: rowCount - distinct,
      "every success stored": rowCount >= answered ? "yes" : "NO",
    },
  ]);
} finally {
  await app.stop();
  await smtp.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
