// Shared pieces for benchmarks: the built server as a child process, autocannon runs, printing.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { EXAMPLE_ADMIN_EMAILS } from "#app/lib/env.server.ts";
import { parseMessage } from "#app/modules/notifications/read-outbox.server.ts";
import { futureExpiry } from "#tests/factories/cards.ts";
import { startServer, type ServerProcess } from "#tests/e2e/server-process.ts";

export { startServer, type ServerProcess };

export interface LoadResult {
  rps: number;
  p50: number;
  /** Only from constantRate. */
  p95?: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export async function load(options: {
  url: string;
  connections?: number;
  durationSeconds?: number;
  /** Constant arrival rate across all connections (requests per second). */
  rate?: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 10,
    overallRate: options.rate,
    headers: options.headers,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}

// node:http with kept-alive connections: a few times cheaper per request than fetch, so the load
// generator (which shares the machine's two cores with the app) takes less CPU from what it measures.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function send(url: string, init: RequestInit, onBody?: (body: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? "GET",
        // As a browser (and fetch) asks: compressed answers, so the app does its real work.
        headers: {
          "accept-encoding": "gzip, deflate, br",
          ...(init.headers as Record<string, string> | undefined),
        },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (onBody) res.on("data", (c: Buffer) => chunks.push(c));
        else res.resume();
        res.on("end", () => {
          onBody?.(Buffer.concat(chunks).toString("utf8"));
          resolve(res.statusCode ?? 0);
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body as string | undefined);
  });
}

const TICK_MS = 4;

/**
 * An open-loop load at a constant arrival rate: request i is due at start + i/rate whatever happened
 * before, and its latency counts from when it was due (no coordinated omission).
 */
export async function constantRate(options: {
  /** The same URL every time, or request i's own. */
  url: string | ((i: number) => string);
  rate: number;
  durationSeconds: number;
  init?: () => RequestInit;
  /** Each answer: request i's status (0 for a network error), when it was sent and answered. */
  onAnswer?: (i: number, status: number, sentAt: number, answeredAt: number) => void;
  /** Each answer's body (uncompressed: ask for identity), when what it says is counted. */
  onBody?: (i: number, body: string) => void;
}): Promise<LoadResult> {
  const total = Math.round(options.rate * options.durationSeconds);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const start = performance.now() + 50;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / options.rate;
    // Requests due within the next TICK_MS go out together: a timer per request (every 2 ms at
    // 500/s) cost the load generator more CPU than sending, on the cores it shares with what it
    // measures. A request sent early counts from when it was sent; one sent late (the generator
    // or the app behind) from when it was due, so queueing is never hidden.
    const ahead = due - performance.now();
    if (ahead > TICK_MS) await new Promise((r) => setTimeout(r, ahead - TICK_MS));
    const from = Math.min(due, performance.now());
    inFlight.push(
      send(
        typeof options.url === "string" ? options.url : options.url(i),
        options.init?.() ?? {},
        options.onBody && ((body) => options.onBody?.(i, body)),
      )
        .then((status) => {
          if (status < 200 || status >= 300) non2xx++;
          latencies.push(performance.now() - from);
          options.onAnswer?.(i, status, from, performance.now());
        })
        .catch(() => {
          errors++;
          options.onAnswer?.(i, 0, from, performance.now());
        }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(
      (latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0) * 10,
    ) / 10;
  return {
    rps: Math.round(total / elapsed),
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    errors,
    non2xx,
    requests: total,
  };
}

// CPU accounting from /proc, to show where a benchmark's work goes on a shared machine.
function processStat(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ");
  } catch {
    return undefined; // the process has gone
  }
}

const pids = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** A process and all its descendants. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of pids()) {
    const parent = Number(processStat(pid)?.[1]);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] as number) ?? []));
  return tree;
}

/** Every PostgreSQL server process on the machine (backends and background workers). */
export function postgresProcesses(): number[] {
  return pids().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
    } catch {
      return false;
    }
  });
}

const TICKS_PER_SECOND = 100;
/** CPU seconds (user + system) these processes have used so far. */
export function cpuSeconds(processes: number[]): number {
  let ticks = 0;
  for (const pid of processes) {
    const stat = processStat(pid);
    if (stat) ticks += Number(stat[11]) + Number(stat[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** A bench database's URL: the admin connection's URL with the database's name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * SIGKILLs a sending worker and answers the recipients whose message the SMTP server had accepted
 * while its record didn't yet say 'sent': the only messages the delivery rule (ADR 005) allows to
 * be sent twice.
 */
export async function killNotingUnrecorded(
  worker: ChildProcess | undefined,
  accepted: readonly { to: string }[],
  records: { query<R extends object>(sql: string): Promise<{ rows: R[] }> },
): Promise<string[]> {
  const exited = new Promise((r) => worker?.once("exit", r));
  worker?.kill("SIGKILL");
  await exited;
  await new Promise((r) => setTimeout(r, 100)); // the SMTP server finishes reading what came
  const sent = await records.query<{ recipient: string }>(
    "select recipient from notifications where status = 'sent'",
  );
  const recorded = new Set(sent.rows.map((r) => r.recipient));
  return accepted.filter((m) => !recorded.has(m.to)).map((m) => m.to);
}

/** A `npm run worker` process on this database, sending its mail to this SMTP server. */
export function spawnWorker(
  databaseUrl: string,
  smtpUrl: string,
  env: Record<string, string> = {},
): ChildProcess {
  return spawn(resolve("node_modules/.bin/node"), ["server/worker.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      APP_ENV: "test",
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      ADMIN_EMAILS: EXAMPLE_ADMIN_EMAILS.join(","),
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: "ignore",
  });
}

/** The cookies an answer sets, as a Cookie header sends them back. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Signs up through the form and opens the confirmation e-mail's link (from the server's outbox)
 * as the browser that signed up: answers the session cookie it sets (signed in, confirmed).
 */
export async function confirmedAccount(
  app: ServerProcess,
  email: string,
  password: string,
): Promise<string> {
  const signedUp = await fetch(`${app.url}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    body: new URLSearchParams({ intent: "sign-up", email, password, redirectTo: "" }),
  });
  await signedUp.arrayBuffer();
  const dir = join(app.dataDir, "mail");
  for (let i = 0; i < 100; i++) {
    for (const file of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
      const message = parseMessage(readFileSync(join(dir, file.name), "utf8"));
      const link = message.to.includes(email)
        ? /http\S*\/api\/auth\/verify-email\S*/.exec(message.text)?.[0]
        : undefined;
      if (link) {
        const opened = await fetch(link, {
          redirect: "manual",
          headers: { cookie: cookiesOf(signedUp) },
        });
        await opened.arrayBuffer();
        return cookiesOf(opened);
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation e-mail for ${email}`);
}

/** A member signed in (answers their session cookie) whose subscription has started. */
export async function subscribedMember(app: ServerProcess, email: string): Promise<string> {
  const cookie = await confirmedAccount(app, email, "bench kowhai tui ruru");
  const res = await fetch(`${app.url}/subscribe`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie },
    body: new URLSearchParams({
      idempotencyKey: crypto.randomUUID(),
      plan: "1m2",
      deliveryWeek: "2",
      street: "12 Kowhai Road",
      suburb: "Grey Lynn",
      city: "Auckland",
      region: "Auckland",
      postcode: "1021",
      cardNumber: "4242 4242 4242 4242",
      cardExpiry: futureExpiry(),
      cardCvc: "123",
    }),
  });
  await res.arrayBuffer();
  if (!/\/subscribe\/confirmed/.test(res.headers.get("location") ?? ""))
    throw new Error(`subscribing failed: ${res.status} ${res.headers.get("location")}`);
  return cookie;
}

/**
 * Bench databases on one PostgreSQL server (BENCH_ADMIN_URL, default the local postgres), named
 * `patch_bench_<what>_<pid>_<suffix>`: each one's URL, and dropping them all (connections ended).
 */
export async function benchDatabases<K extends string>(what: string, suffixes: readonly K[]) {
  const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const names = Object.fromEntries(
    suffixes.map((s) => [s, `patch_bench_${what}_${process.pid}_${s}`]),
  ) as Record<K, string>;
  const dropAll = async () => {
    for (const name of Object.values<string>(names))
      await admin.query(`drop database if exists ${name} with (force)`);
  };
  return {
    admin,
    names,
    url: (suffix: K) => databaseUrl(adminUrl, names[suffix]),
    /** A new database, empty or a copy of another of these. */
    create: (suffix: K, template?: K) =>
      admin.query(
        `create database ${names[suffix]}${template ? ` template ${names[template]}` : ""}`,
      ),
    dropAll,
    async end() {
      await dropAll();
      await admin.end();
    },
  };
}

/**
 * Week-2 Auckland-style subscriptions on the demo card, due at 3 January 2027's cutoff, and their
 * members' accounts, in two statements: `bench-<group>-<i>` keys, ids `bench-user-<i>`. Each
 * group is `count` rows with a status; regions rotate when `regions` is given.
 */
export async function insertBenchSubscriptions(
  pool: { query(sql: string, values?: unknown[]): Promise<unknown> },
  groups: readonly { name: string; count: number; status?: "active" | "paused" }[],
  regions: readonly string[] = ["Auckland"],
): Promise<number> {
  let from = 1;
  for (const g of groups) {
    await pool.query(
      `insert into subscriptions (idempotency_key, user_id, email, name, plan, price, currency,
         region, address, delivery_week, status, current_period_start, current_period_end,
         next_box_on, payment_provider, provider_customer_id, provider_payment_method_id, card_label)
       select 'bench-' || $3 || '-' || i, 'bench-user-' || i, 'member' || i || '@example.nz',
         'Member ' || i, (array['0.5m2', '1m2', '2m2'])[1 + i % 3], (array[2999, 3999, 6999])[1 + i % 3],
         'USD', ($5::text[])[1 + (i / 3) % array_length($5::text[], 1)],
         jsonb_build_object('street', i || ' Kowhai Road', 'city', 'Auckland', 'state', 'Auckland',
           'zip', '1021', 'country', 'New Zealand', 'rural', false),
         2, $4, '2026-11-25T02:00:00Z', '2027-01-03T00:00:00Z', '2026-12-08', 'demo',
         'demo_cus_' || i, 'demo_pm_success', 'Visa ending 4242'
       from generate_series($1::int, $2::int) as i`,
      [from, from + g.count - 1, g.name, g.status ?? "active", regions],
    );
    from += g.count;
  }
  const total = from - 1;
  // Each subscription's member has an account: the renewal never charges one whose account is gone.
  await pool.query(
    `insert into users (id, name, email, email_verified)
     select 'bench-user-' || i, 'Member ' || i, 'member' || i || '@example.nz', true
     from generate_series(1, $1::int) as i`,
    [total],
  );
  return total;
}

/** The app's settings and database on a bench database, migrated, for benches of the use-cases. */
export async function openUseCaseDatabase(url: string, poolSize: number) {
  const { openDatabase, setDatabase } = await import("#app/lib/db.server.ts");
  const { parseSettings, setSettings } = await import("#app/lib/env.server.ts");
  setSettings(parseSettings({ APP_ENV: "test", DATABASE_URL: url, LOG_LEVEL: "silent" }));
  const handle = await openDatabase(url, poolSize);
  setDatabase(handle);
  await handle.migrate();
  return handle;
}
