// Issue 38's launch spike: sign-ups at a constant rate (BENCH_RATE, default 139/s) for
// BENCH_SECONDS (default 60) to `npm start` with two web processes (BENCH_WEB_PROCESSES) on
// PostgreSQL, its queue worked in the primary, mailing an SMTP server that answers each message
// after 200 ms (BENCH_SMTP_MS). Figures: the join's p50/p99, how many were told the e-mail failed
// (must be 0) or got no 201, and at the SMTP sink every address's e-mail exactly once, with how
// long the last one took after the last join. Beside it, in the same run, a bare node:http server
// answering the same JSON at the same rate: what the machine itself costs.
// PostgreSQL at BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { constantRate, databaseUrl, printTable, startServer, type LoadResult } from "./lib.ts";

const RATE = Number(process.env.BENCH_RATE ?? 139);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SMTP_MS = Number(process.env.BENCH_SMTP_MS ?? 200);
const WEB_PROCESSES = process.env.BENCH_WEB_PROCESSES ?? "2";
const POOL = process.env.BENCH_SMTP_POOL ?? "50";
const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = "patch_bench_launch_spike";

// The SMTP sink: counts each envelope recipient, answering every message after SMTP_MS.
const received = new Map<string, number>();
let lastAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  disableReverseLookup: true,
  logger: false,
  maxClients: 500,
  onData(stream, session, callback) {
    stream.resume();
    stream.on("end", () => {
      setTimeout(() => {
        for (const r of session.envelope.rcptTo)
          received.set(r.address, (received.get(r.address) ?? 0) + 1);
        lastAt = performance.now();
        callback();
      }, SMTP_MS);
    });
  },
});
smtp.on("error", () => {});
await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);

const app = await startServer(
  {
    DATABASE_URL: databaseUrl(adminUrl, dbName),
    WEB_PROCESSES,
    SMTP_URL: smtpUrl,
    SMTP_POOL_SIZE: POOL,
    TRUST_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
  },
  { quiet: true },
);

const run = Date.now();
let round = 0;
const joinAt = (url: string) => {
  let seq = 0;
  const r = ++round;
  const tag = `r${r}`;
  const told = { failed: 0, other: 0 };
  return {
    told,
    onBody: (_i: number, body: string) => {
      try {
        const answer = JSON.parse(body) as { confirmationFailed?: boolean };
        if (answer.confirmationFailed) told.failed++;
      } catch {
        told.other++;
      }
    },
    init: () => {
      const i = ++seq;
      return {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          // Read as the page reads it: uncompressed, so the bench can count what it says.
          "accept-encoding": "identity",
          origin: app.url,
          // Each from its own address, as a launch's crowd: no connection reaches its limit.
          "x-forwarded-for": `10.${r}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ email: `spike${i}.${tag}.${run}@example.nz`, region: "Otago" }),
      };
    },
    url,
  };
};

// Warm-up: the code paths and pools, a second at a tenth of the rate (its e-mails counted too).
const warm = joinAt(`${app.url}/api/waitlist`);
await constantRate({
  url: warm.url,
  rate: Math.max(5, RATE / 10),
  durationSeconds: 1,
  init: warm.init,
});
const warmCount = Math.round(Math.max(5, RATE / 10));

// The spike. Each answer is read for what the person is told.
const spike = joinAt(`${app.url}/api/waitlist`);
const spikeStart = performance.now();
const measured: LoadResult = await constantRate({
  url: spike.url,
  rate: RATE,
  durationSeconds: SECONDS,
  init: spike.init,
  onBody: spike.onBody,
});
const spikeEnd = performance.now();

const expected = Math.round(RATE * SECONDS) + warmCount;
const deadline = Date.now() + 120_000;
const total = () => [...received.values()].reduce((a, b) => a + b, 0);
while (received.size < expected && Date.now() < deadline)
  await new Promise((r) => setTimeout(r, 200));
await new Promise((r) => setTimeout(r, 2_000)); // any duplicate still on its way
const drainSeconds = (lastAt - spikeEnd) / 1000;

// The database's own count of failures told (none can be: the join never reports a send).
const records = new pg.Client({ connectionString: databaseUrl(adminUrl, dbName) });
await records.connect();
const statuses = await records.query<{ status: string; n: number }>(
  "select status, count(*)::int as n from notifications group by status",
);
await records.end();
await app.stop();

// The reference: a bare node:http server answering the same JSON at the same rate.
const answer = JSON.stringify({
  ok: true,
  emailSent: true,
  confirmationFailed: false,
  message: "You've been added to our waitlist! Check your email for confirmation.",
  surveyUrl: `${app.url}/define-garden`,
});
const bare = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(201, { "content-type": "application/json" });
    res.end(answer);
  });
});
await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/waitlist`;
const bareJoin = joinAt(bareUrl);
const reference = await constantRate({
  url: bareUrl,
  rate: RATE,
  durationSeconds: Math.min(SECONDS, 20),
  init: bareJoin.init,
  onBody: bareJoin.onBody,
});
bare.close();

const twice = [...received.values()].filter((n) => n > 1).length;
printTable(
  `Launch spike: ${RATE} sign-ups/s for ${SECONDS} s, ${WEB_PROCESSES} web processes on PostgreSQL, SMTP answering in ${SMTP_MS} ms (pool ${POOL})`,
  [
    {
      what: "app /api/waitlist",
      "req/s": measured.rps,
      "p50 ms": measured.p50,
      "p95 ms": measured.p95 ?? "",
      "p99 ms": measured.p99,
      "not 201": measured.non2xx + measured.errors,
      "told failed": spike.told.failed,
      "unreadable answers": spike.told.other,
    },
    {
      what: "bare node:http, same JSON",
      "req/s": reference.rps,
      "p50 ms": reference.p50,
      "p95 ms": reference.p95 ?? "",
      "p99 ms": reference.p99,
      "not 201": reference.non2xx + reference.errors,
      "told failed": bareJoin.told.failed,
      "unreadable answers": bareJoin.told.other,
    },
  ],
);
printTable("E-mails at the SMTP sink", [
  {
    joins: expected,
    "addresses mailed": received.size,
    "messages received": total(),
    "sent twice": twice,
    "every one once": received.size === expected && twice === 0 ? "yes" : "NO",
    "last e-mail after last join (s)": drainSeconds.toFixed(1),
    "spike seconds": ((spikeEnd - spikeStart) / 1000).toFixed(1),
    records: statuses.rows.map((r) => `${r.status} ${r.n}`).join(", "),
  },
]);
await new Promise<void>((r) => smtp.close(() => r()));
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
process.exit(0);
