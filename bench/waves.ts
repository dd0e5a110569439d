// A launch wave of 10,000 claim e-mails with the worker killed (issue 22, ADR 041):
// `npm run bench -- waves`.
//   1. An admin's waves of 10,000 spots (two presses of 5,000, the most one wave takes) in a region
//      of 13,000 confirmed contacts, through the real use-case: each press's invitations and their
//      e-mail jobs in one transaction. Beside it, as the reference measured in the same run, a
//      plain bulk insert of the 13,000 contacts.
//   2. `npm run worker` processes (the production build: `npm run build` first) send the e-mails
//      to an SMTP server in this process and are killed (SIGKILL) at random points, a new one
//      started each time (as bench/confirmations.ts).
//   3. 7,500 claim their spot; the roll-over runs three times at once after the rest expired; the
//      2,500 freed spots go to the next 2,500 in the queue (500 are left waiting), whose e-mails
//      are sent by workers killed twice more.
// Then: every invited person e-mailed exactly one message (and nobody else), every expired spot
// refilled exactly once, by the next person in the queue. Only a kill between the SMTP server
// accepting a message and our record of it may put one on the wire twice (ADR 005); such resends
// are counted apart, and carry the first one's Message-ID (ADR 044), so they are one message.
// A fresh database bench_h24growth_waves on BENCH_ADMIN_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { openDatabase, setDatabase } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { setLogLevel } from "#app/lib/log.server.ts";
import { createQueues, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { rollOverWaves } from "#app/modules/waitlist/roll-over-waves.server.ts";
import { MAX_WAVE_SPOTS, startLaunchWave } from "#app/modules/waitlist/start-launch-wave.server.ts";
import { sendWaveInvitationJob } from "#app/modules/waitlist/wave-invitations.server.ts";
import { startSmtp } from "#tests/setup/smtp.ts";
import { databaseUrl, killNotingUnrecorded, printTable, spawnWorker } from "./lib.ts";

const SPOTS = Number(process.env.BENCH_SPOTS ?? 10_000);
const CLAIMED = Math.round(SPOTS * 0.75);
const FREED = SPOTS - CLAIMED;
const WAITING = Math.round(SPOTS * 0.05);
const CONTACTS = SPOTS + FREED + WAITING;
const KILLS = Number(process.env.BENCH_KILLS ?? 8);
const REGION = "Otago";
const AUTH_SECRET = crypto.randomUUID() + crypto.randomUUID();
const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = "bench_h24growth_waves";
const dbUrl = databaseUrl(adminUrl, dbName);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);

setLogLevel("silent");
const smtp = await startSmtp();
setSettings(
  parseSettings({
    APP_ENV: "test",
    DATABASE_URL: dbUrl,
    SMTP_URL: smtp.url,
    LOG_LEVEL: "silent",
    AUTH_SECRET,
    WAVE_CLAIM_HOURS: "72",
  }),
);
const handle = await openDatabase(dbUrl, 5);
setDatabase(handle);
await handle.migrate();
await startQueue(handle, { connectionString: dbUrl });
await createQueues([sendWaveInvitationJob] as never);
const pool = handle.pool!;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

let worker: ChildProcess | undefined;
let kills = 0;
const startWorker = () => {
  worker = spawnWorker(dbUrl, smtp.url, { AUTH_SECRET });
};
const unique = () => new Set(smtp.messages.map((m) => m.to)).size;
/** Messages the SMTP server had accepted whose record didn't yet say 'sent' at some kill. */
const inWindow = new Set<string>();

/** Runs workers until `total` people have mail, killing one at each of `points` (delivery counts). */
async function sendUntil(total: number, points: number[]) {
  startWorker();
  for (const point of points.toSorted((a, b) => a - b)) {
    while (unique() < point) await new Promise((r) => setTimeout(r, 5));
    for (const to of await killNotingUnrecorded(worker, smtp.messages, pool)) inWindow.add(to);
    kills++;
    startWorker();
  }
  // Dead workers' jobs come back when their heartbeats stop, and their sends' leases run out.
  const deadline = Date.now() + 20 * 60_000;
  while (unique() < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
  await new Promise((r) => setTimeout(r, 3000)); // any last retries land
  const last = worker;
  const exited = new Promise((r) => last?.once("exit", r));
  last?.kill("SIGTERM");
  await exited;
}
const randomPoints = (from: number, to: number, n: number) =>
  Array.from({ length: n }, () => Math.floor(from + (to - from) * (0.05 + Math.random() * 0.9)));

try {
  // The region's queue: confirmed contacts a second apart, in sign-up order.
  const insertStarted = performance.now();
  await pool.query(
    `insert into contacts (id, email, region, confirmed_at, timestamp)
     select gen_random_uuid(), 'wave' || i || '@example.nz', $1, now(),
            '2026-09-01T00:00:00Z'::timestamptz + make_interval(secs => i)
     from generate_series(1, $2::int) as i`,
    [REGION, CONTACTS],
  );
  const insertMs = performance.now() - insertStarted;

  // 1. The wave.
  const waveStarted = performance.now();
  // An admin's wave is at most MAX_WAVE_SPOTS (5,000): 10,000 spots are two presses.
  let invitedCount = 0;
  for (let left = SPOTS; left > 0; left -= MAX_WAVE_SPOTS) {
    const wave = await startLaunchWave({
      input: { region: REGION, spots: Math.min(left, MAX_WAVE_SPOTS) },
      createdBy: "bench@patch.nz",
    });
    if (!wave.ok) throw new Error(wave.message);
    invitedCount += wave.invited;
  }
  const waveMs = performance.now() - waveStarted;
  printTable(`A wave of ${SPOTS.toLocaleString("en-NZ")} spots on PostgreSQL`, [
    {
      what: `startLaunchWave (${Math.ceil(SPOTS / MAX_WAVE_SPOTS)} of ≤ ${MAX_WAVE_SPOTS}): invitations and e-mail jobs`,
      rows: invitedCount,
      seconds: seconds(waveMs),
    },
    {
      what: "reference: plain bulk insert of the region's contacts",
      rows: CONTACTS,
      seconds: seconds(insertMs),
    },
  ]);

  // 2. Sending, with kills.
  const sendStarted = performance.now();
  await sendUntil(SPOTS, randomPoints(0, SPOTS, KILLS));
  const sendMs = performance.now() - sendStarted;

  // 3. Claims, then the rest expire and the roll-over runs three times at once.
  await pool.query(
    `update wave_invitations set claimed_at = sent_at + interval '1 hour'
     where id in (select id from wave_invitations order by random() limit $1)`,
    [CLAIMED],
  );
  const later = new Date(Date.now() + 73 * 3_600_000);
  const tallies = await Promise.all([1, 2, 3].map(() => rollOverWaves({ now: later })));
  const again = await rollOverWaves({ now: later });
  await sendUntil(SPOTS + FREED, randomPoints(SPOTS, SPOTS + FREED, 2));

  // Who got mail, and who was invited.
  const counts = new Map<string, number>();
  for (const m of smtp.messages) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
  const invited = new Set(
    (
      await pool.query<{ email: string }>(
        `select c.email from wave_invitations i join contacts c on c.id = i.contact_id`,
      )
    ).rows.map((r) => r.email),
  );
  const once = [...invited].filter((e) => counts.get(e) === 1).length;
  // A message sent again carries the first one's Message-ID (made from its key, ADR 044).
  const ids = new Map<string, Set<string>>();
  for (const m of smtp.messages)
    ids.set(m.to, (ids.get(m.to) ?? new Set()).add(m.headers["message-id"] ?? ""));
  const oneMessage = [...invited].filter((e) => ids.get(e)?.size === 1).length;
  const twice = [...counts].filter(([, n]) => n > 1).map(([to]) => to);
  const uninvitedMailed = [...counts.keys()].filter((e) => !invited.has(e)).length;
  const [rolled] = (
    await pool.query<{
      expired: number;
      replaced: number;
      refills: number;
      most: number;
      in_order: boolean;
    }>(`
    with ranked as (select id, row_number() over (order by timestamp, id) as place
                    from contacts where region = '${REGION}'),
         refills as (select i.replaces_id, r.place from wave_invitations i
                     join ranked r on r.id = i.contact_id where i.replaces_id is not null)
    select (select count(*) from wave_invitations where expired_at is not null)::int as expired,
           (select count(distinct replaces_id) from refills)::int as replaced,
           (select count(*) from refills)::int as refills,
           (select coalesce(max(n), 0) from (select count(*) n from wave_invitations
              where replaces_id is not null group by replaces_id) x)::int as most,
           (select coalesce(bool_and(place between ${SPOTS + 1} and ${SPOTS + FREED}), false)
              from refills) as in_order`)
  ).rows;
  const exactMail =
    oneMessage === invited.size && uninvitedMailed === 0 && twice.every((to) => inWindow.has(to));
  const exactRoll =
    rolled!.expired === FREED &&
    rolled!.replaced === FREED &&
    rolled!.refills === FREED &&
    rolled!.most === 1 &&
    rolled!.in_order &&
    tallies.reduce((s, t) => s + t.expired, 0) === FREED &&
    again.expired === 0;

  printTable("Sending with the worker SIGKILLed", [
    {
      invited: invited.size,
      "people e-mailed": counts.size,
      "e-mailed once": once,
      "messages received": smtp.messages.length,
      "sent twice": twice.length,
      "one message (Message-ID) each": oneMessage,
      "accepted, unrecorded at a kill": inWindow.size,
      "twice outside that window": twice.filter((to) => !inWindow.has(to)).length,
      "e-mailed, not invited": uninvitedMailed,
      "worker kills": kills,
      "first 10,000 sent in s": seconds(sendMs),
    },
  ]);
  printTable("Roll-over (three runs at once, then one more)", [
    {
      claimed: CLAIMED,
      expired: rolled!.expired,
      "expected to expire": FREED,
      "spots refilled": rolled!.replaced,
      "refills made": rolled!.refills,
      "most refills of one spot": rolled!.most,
      "refilled by the next in the queue": rolled!.in_order ? "yes" : "NO",
      "per run (expired)": tallies.map((t) => t.expired).join(" + "),
      "the run after": again.expired,
      "left waiting": WAITING,
    },
  ]);
  console.log(
    exactMail && exactRoll
      ? "\nEach person e-mailed exactly once; expiries rolled exactly."
      : "\nNOT exact: see above.",
  );
  if (!exactRoll || !exactMail) process.exitCode = 1;
} finally {
  worker?.kill("SIGKILL");
  await stopQueue().catch(() => {});
  await handle.close();
  setDatabase(undefined);
  await smtp.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
