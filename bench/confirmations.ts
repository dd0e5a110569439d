// 10,000 queued waitlist confirmations worked by `npm run worker` processes that are killed
// (SIGKILL) at random points and restarted: every message must reach the in-process SMTP server;
// duplicates are counted (only a crash between the server accepting a message and our record of
// it may cause one). PostgreSQL at BENCH_ADMIN_URL (default 127.0.0.1:5432).
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { contacts } from "#db/schema/index.ts";
import { openDatabase, setDatabase } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { setLogLevel } from "#app/lib/log.server.ts";
import { createQueues, queue, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { sendWaitlistConfirmationJob } from "#app/modules/waitlist/send-waitlist-confirmation.server.ts";
import { startSmtp } from "#tests/setup/smtp.ts";
import { killNotingUnrecorded, spawnWorker, printTable } from "./lib.ts";

const TOTAL = Number(process.env.BENCH_MESSAGES ?? 10_000);
const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = "patch_bench_confirmations";
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const dbUrl = url.toString();

setLogLevel("silent");
const smtp = await startSmtp();
const settings = parseSettings({
  APP_ENV: "test",
  DATABASE_URL: dbUrl,
  SMTP_URL: smtp.url,
  LOG_LEVEL: "silent",
});
setSettings(settings);
const handle = await openDatabase(dbUrl, 5);
setDatabase(handle);
await handle.migrate();
await startQueue(handle, { connectionString: dbUrl });
await createQueues([sendWaitlistConfirmationJob] as never);

// The contacts and their queued confirmations, as the join transaction would have written them.
const started = performance.now();
for (let i = 0; i < TOTAL; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, TOTAL - i) }, (_, k) => ({
    id: randomUUID(),
    email: `confirm${i + k}@example.nz`,
    region: "Auckland",
  }));
  await handle.db.insert(contacts).values(batch);
  await queue().insert(
    sendWaitlistConfirmationJob.name,
    batch.map((c) => ({
      data: {
        email: c.email,
        region: c.region,
        contactId: c.id,
        key: `waitlist-confirmation:${c.id}`,
      },
    })),
  );
}
await stopQueue();
await handle.close();

let worker: ChildProcess | undefined;
let kills = 0;
const startWorker = () => {
  worker = spawnWorker(dbUrl, smtp.url);
};
startWorker();
const unique = () => new Set(smtp.messages.map((m) => m.to)).size;
// Kill the worker (SIGKILL) at KILLS random points of the run, chosen as delivery counts so that
// they land mid-run however fast this machine is, and start a new one each time; then let the
// last worker recover what the killed ones left (dead workers' jobs are found by missing
// heartbeats).
const KILLS = Number(process.env.BENCH_KILLS ?? 8);
const killPoints = Array.from({ length: KILLS }, () =>
  Math.floor(TOTAL * (0.05 + Math.random() * 0.9)),
).sort((a, b) => a - b);
// At each kill, the messages the SMTP server had accepted whose record didn't yet say 'sent': the
// only ones the rule allows to be sent twice.
const records = new pg.Client({ connectionString: dbUrl });
await records.connect();
const inWindow = new Set<string>();
for (const point of killPoints) {
  while (unique() < point) await new Promise((r) => setTimeout(r, 5));
  for (const to of await killNotingUnrecorded(worker, smtp.messages, records)) inWindow.add(to);
  kills++;
  startWorker();
}
await records.end();
const deadline = Date.now() + 15 * 60_000;
while (unique() < TOTAL && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
// Let any last retries land, then stop.
await new Promise((r) => setTimeout(r, 3000));
worker?.kill("SIGTERM");
const seconds = (performance.now() - started) / 1000;
const delivered = unique();
const counts = new Map<string, number>();
for (const m of smtp.messages) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
const twice = [...counts].filter(([, n]) => n > 1).map(([to]) => to);
printTable(`${TOTAL} queued confirmations, worker killed at random points`, [
  {
    queued: TOTAL,
    delivered,
    "messages received": smtp.messages.length,
    duplicates: smtp.messages.length - delivered,
    "accepted, unrecorded at a kill": inWindow.size,
    "duplicates outside that window": twice.filter((to) => !inWindow.has(to)).length,
    "worker kills": kills,
    seconds: seconds.toFixed(0),
    "all delivered": delivered === TOTAL ? "yes" : "NO",
  },
]);
await smtp.close();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
process.exit(0);
