// Accounts figures (issue 5):
//   1. password hash time (argon2id, OWASP minimum), p50/p95 one at a time;
//   2. credential stuffing: 1,000 sign-ins from one IP, and 1,000 from 100 IPs at one account:
//      the share refused by the limits;
//   3. two app processes on one PostgreSQL: a session made on one is valid on the other, and the
//      sign-in limits are shared; and the waitlist's p99 alone and during a storm of correct
//      sign-ins (hashing capped at one per core).
// BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) for part 3.
import pg from "pg";
import { hashPassword } from "#app/lib/auth.server.ts";
import {
  confirmedAccount,
  constantRate,
  printTable,
  startServer,
  type ServerProcess,
} from "./lib.ts";

const PASSWORD = "bench kowhai tui ruru";

// 1. Hashing.
const times: number[] = [];
for (let i = 0; i < 40; i++) {
  const started = performance.now();
  await hashPassword(`${PASSWORD} ${i}`);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!);
printTable("argon2id hash (m=19456 KiB, t=2, p=1), one at a time", [
  { hashes: times.length, p50_ms: pct(0.5), p95_ms: pct(0.95), max_ms: Math.round(times.at(-1)!) },
]);

async function signInForm(
  app: ServerProcess,
  email: string,
  ip: string,
  password = "wrong guess 123",
) {
  const res = await fetch(`${app.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: app.url,
      "x-forwarded-for": ip,
    },
    body: new URLSearchParams({ intent: "sign-in", email, password, redirectTo: "/" }),
  });
  await res.arrayBuffer();
  return res;
}

// Waitlist latency alone, then during a storm of correct sign-ins from many addresses.
async function waitlistDuringStorm(app: ServerProcess): Promise<void> {
  let seq = 0;
  const waitlist = () =>
    constantRate({
      url: `${app.url}/api/waitlist`,
      rate: 50,
      durationSeconds: 5,
      init: () => {
        const i = ++seq;
        return {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: app.url,
            "x-forwarded-for": `10.9.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ email: `wl${i}.${process.pid}@example.nz`, region: "Otago" }),
        };
      },
    });
  await confirmedAccount(app, "storm@example.nz", PASSWORD);
  const alone = await waitlist();
  let storming = true;
  let signIns = 0;
  const storm = Array.from({ length: 16 }, async (_, worker) => {
    while (storming) {
      await signInForm(app, "storm@example.nz", `172.16.${worker}.${signIns % 250}`, PASSWORD);
      signIns++;
    }
  });
  const during = await waitlist();
  storming = false;
  await Promise.all(storm);
  printTable("waitlist sign-ups at 50/s: alone and during a sign-in storm", [
    { when: "alone", p50_ms: alone.p50, p99_ms: alone.p99, errors: alone.errors + alone.non2xx },
    {
      when: `during ${signIns} sign-ins`,
      p50_ms: during.p50,
      p99_ms: during.p99,
      errors: during.errors + during.non2xx,
      p99_ratio: Math.round((during.p99 / Math.max(1, alone.p99)) * 100) / 100,
    },
  ]);
}

// 2. Credential stuffing on one process (embedded PGlite). BENCH_ONLY=storm skips it (it is slow).
const app =
  process.env.BENCH_ONLY === "storm"
    ? undefined
    : await startServer({ TRUST_PROXY_HOPS: "1", LOG_LEVEL: "warn" }, { quiet: true });
if (app)
  try {
    let refusedOneIp = 0;
    for (let i = 0; i < 1000; i++) {
      const res = await signInForm(app, `victim${i}@example.nz`, "198.51.100.66");
      if (res.status === 429) refusedOneIp++;
    }
    await confirmedAccount(app, "target@example.nz", PASSWORD);
    let refusedOneAccount = 0;
    for (let i = 0; i < 1000; i++) {
      const res = await signInForm(
        app,
        "target@example.nz",
        `203.0.${Math.floor(i / 10) % 100}.${i % 250}`,
      );
      if (res.status === 429) refusedOneAccount++;
    }
    printTable("credential stuffing (1,000 attempts each)", [
      { attack: "one IP, many accounts", refused: refusedOneIp, share: `${refusedOneIp / 10}%` },
      {
        attack: "100 IPs, one account",
        refused: refusedOneAccount,
        share: `${refusedOneAccount / 10}%`,
      },
    ]);
  } finally {
    await app.stop();
  }

// 3. Two processes on one PostgreSQL.
const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = "patch_bench_auth";
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch {
  console.log("\nPostgreSQL is not reachable: the two-process check is skipped.");
  process.exit(0);
}
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const env = { DATABASE_URL: dbUrl.toString(), TRUST_PROXY_HOPS: "1", LOG_LEVEL: "warn" };
const a = await startServer(env, { quiet: true });
const b = await startServer(env, { quiet: true });
try {
  await confirmedAccount(a, "shared@example.nz", PASSWORD);
  const signedIn = await signInForm(a, "shared@example.nz", "192.0.2.10", PASSWORD);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const onB = (await fetch(`${b.url}/auth/session`, { headers: { cookie } }).then((r) =>
    r.json(),
  )) as { signedIn: boolean };
  await waitlistDuringStorm(a);
  // Fixed one-minute windows: start the five failures at the top of a fresh window.
  await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 50));
  for (let i = 0; i < 5; i++) await signInForm(a, `x${i}@example.nz`, "192.0.2.99");
  const sixthOnB = await signInForm(b, "y@example.nz", "192.0.2.99");
  printTable("two app processes, one PostgreSQL", [
    { check: "session from A valid on B", result: onB.signedIn ? "yes" : "NO" },
    {
      check: "6th failed sign-in (5 on A) refused on B",
      result: sixthOnB.status === 429 ? "yes" : "NO",
    },
  ]);
} finally {
  await a.stop();
  await b.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
