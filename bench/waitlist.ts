// Waitlist sign-ups against local PostgreSQL (issue 4's figures):
//   1. a constant 500 sign-ups per second (open loop): p50/p99;
//   2. saturation: sign-ups per second with 32 connections, and where the CPU goes per sign-up;
//   3. a raw insert-only pgbench baseline on the same server, and the ratio;
//   4. every answered success is a row, with no duplicates;
//   5. the ceiling: a bare node:http process that parses the same requests and answers the same
//      JSON, doing nothing else, under the same load: what the pgbench ratio could reach at most.
// Every sign-up is a real one: a new address, its consent, its queued confirmation job, and its
// first confirmation e-mail sent to an SMTP server in this process. The constant rate runs before
// saturation and pgbench, so it doesn't pay for their aftermath (autovacuum of 150,000 rows).
// BENCH_SECONDS (default 10) sets each phase's length.
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startSmtp } from "#tests/setup/smtp.ts";
import {
  constantRate,
  cpuSeconds,
  postgresProcesses,
  printTable,
  processTree,
  startServer,
} from "./lib.ts";

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
    TRUST_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
    DATABASE_POOL_SIZE: "20",
  },
  { quiet: true },
);

let seq = 0;
const signup = () => {
  const i = ++seq;
  return {
    // What the form sends once JavaScript has loaded: the browser-made id, the plan and the page.
    body: JSON.stringify({
      id: randomUUID(),
      email: `bench${i}.${process.pid}@example.nz`,
      region: "Auckland",
      plan: "1m2",
      page: "/",
    }),
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) bench",
      origin: app.url,
      // One synthetic person per address, so per-address limits don't apply to the load.
      "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    },
  };
};
/** 32 connections posting sign-ups as fast as they are answered, for SECONDS. */
const saturate = (url: string) =>
  autocannon({
    url,
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
const steadyLoad = (rate: number, durationSeconds: number) =>
  constantRate({
    url: `${app.url}/api/waitlist`,
    rate,
    durationSeconds,
    init: () => {
      const s = signup();
      return { method: "POST", body: s.body, headers: s.headers };
    },
  });

try {
  // Warm-up: compiled code, pooled connections and SMTP sessions, as in a server that has run.
  const warmUp = await steadyLoad(200, 2);

  // 1. Constant 500 per second.
  const steady = await steadyLoad(500, SECONDS);

  // 2. Saturation, with the CPU each part of the machine spent on it.
  const appProcesses = processTree(app.child.pid ?? 0);
  const cpuBefore = {
    app: cpuSeconds(appProcesses),
    postgres: cpuSeconds(postgresProcesses()),
    load: process.cpuUsage(),
  };
  const saturation = await saturate(app.url);
  const loadCpu = process.cpuUsage(cpuBefore.load);
  const cpu = {
    app: cpuSeconds(appProcesses) - cpuBefore.app,
    postgres: cpuSeconds(postgresProcesses()) - cpuBefore.postgres,
    load: (loadCpu.user + loadCpu.system) / 1e6,
  };

  // 3. Raw insert-only baseline with pgbench on the same server.
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

  // 4. Every answered success is a row, no duplicates.
  const counted = await benchDb.query<{ rows: string; distinct_emails: string }>(
    "select count(*) as rows, count(distinct email) as distinct_emails from contacts",
  );
  await benchDb.end();

  // 5. The ceiling: HTTP alone, in its own process as the app is, under the same load.
  const bare = await bareServer();
  let bareRps = 0;
  try {
    const ceiling = await saturate(bare.url);
    bareRps = Math.round(ceiling.requests.average);
  } finally {
    bare.stop();
  }

  const signupsPerSecond = Math.round(saturation.requests.average);
  printTable(`Constant 500 sign-ups per second for ${SECONDS} s (after a 2 s warm-up at 200/s)`, [
    {
      "req/s": steady.rps,
      "p50 ms": steady.p50,
      "p99 ms": steady.p99,
      errors: steady.errors,
      non2xx: steady.non2xx,
      "target p99 < 50 ms": steady.p99 < 50 ? "met" : "MISSED",
    },
  ]);
  printTable(
    `Saturation: sign-ups on PostgreSQL, 32 connections, ${SECONDS} s (app, PostgreSQL, SMTP server, load and pgbench share this machine's 2 cores)`,
    [
      {
        "sign-ups/s": signupsPerSecond,
        "p99 ms": saturation.latency.p99,
        non2xx: saturation.non2xx,
        "pgbench insert tps": Math.round(pgbenchTps),
        "ratio app/pgbench": (signupsPerSecond / pgbenchTps).toFixed(2),
        "target ≥ 1000/s": signupsPerSecond >= 1000 ? "met" : "MISSED",
      },
    ],
  );
  printTable("The ceiling: a bare node:http process answering the same requests, nothing else", [
    {
      "requests/s": bareRps,
      "ratio bare/pgbench": (bareRps / pgbenchTps).toFixed(2),
      "sign-ups as a share of bare": (signupsPerSecond / bareRps).toFixed(2),
    },
  ]);
  const perSignup = (seconds: number) => ((seconds * 1000) / saturation.requests.total).toFixed(2);
  printTable("CPU per sign-up at saturation (ms)", [
    {
      app: perSignup(cpu.app),
      PostgreSQL: perSignup(cpu.postgres),
      "load generator + SMTP server": perSignup(cpu.load),
      total: perSignup(cpu.app + cpu.postgres + cpu.load),
    },
  ]);
  const rowCount = Number(counted.rows[0]?.rows ?? 0);
  const distinct = Number(counted.rows[0]?.distinct_emails ?? 0);
  const answered =
    warmUp.requests -
    warmUp.errors -
    warmUp.non2xx +
    (steady.requests - steady.errors - steady.non2xx) +
    (saturation.requests.total - saturation.non2xx - saturation.errors);
  printTable("Durability", [
    {
      "successes answered": answered,
      "contact rows": rowCount,
      duplicates: rowCount - distinct,
      "every success stored": rowCount >= answered ? "yes" : "NO",
      "e-mails accepted by SMTP": smtp.received,
    },
  ]);
} finally {
  await app.stop();
  await smtp.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

/** A node:http process that reads each JSON body and answers 201 with the app's JSON. */
async function bareServer() {
  const answer = JSON.stringify({
    ok: true,
    created: true,
    message: "You've been added to our waitlist! Check your email for confirmation.",
  });
  const code = `
    const http = require("node:http");
    const answer = ${JSON.stringify(answer)};
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        JSON.parse(Buffer.concat(chunks).toString());
        res.writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) });
        res.end(answer);
      });
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", (c) => reject(new Error(`bare server exited with ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}
