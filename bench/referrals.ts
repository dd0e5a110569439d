// Referral counting under a storm (issue 22, ADR 037): `npm run bench -- referrals`.
//   1. Joins at a constant 500 per second (open loop) through share links, against the same joins
//      without a link as the reference measured in the same run: p50/p99 (goal: p99 < 50 ms).
//   2. The storm: 50,000 join requests through 1,000 links in 60 s (833 a second), with replays
//      (the same request sent again while the first may still be running) and duplicates (the same
//      address through another friend's link, a few seconds later: the first link keeps them).
//   3. Every friend confirms through the real use-case, 32 at a time, a tenth of them twice at
//      once. Then: each friend has one referral row, kept by the link of their first successful
//      join (or, where two joins raced, by one of the racing links); each link's counted friends
//      equal the friends it keeps (no double counts, none missed, none left pending); and the 100
//      referrers with an account hold each milestone's credit (REFERRAL_CREDIT_MILESTONES, ADR
//      040) exactly once.
// The built server on PostgreSQL (a fresh database bench_h24growth_referrals on BENCH_ADMIN_URL,
// default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards), its e-mails to an SMTP
// server in this process. BENCH_SECONDS (10) sets phase 1's length, BENCH_STORM (50000) and
// BENCH_STORM_SECONDS (60) the storm's.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase, setDatabase } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { confirmContact } from "#app/modules/waitlist/confirm-contact.server.ts";
import { confirmUrl } from "#app/modules/waitlist/contact-links.server.ts";
import { newReferralCode } from "#app/modules/waitlist/referral-code.server.ts";
import { startSmtp } from "#tests/setup/smtp.ts";
import { constantRate, databaseUrl, printTable, startServer, type LoadResult } from "./lib.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STORM = Number(process.env.BENCH_STORM ?? 50_000);
const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 60);
const LINKS = 1_000;
const WITH_ACCOUNTS = 100;
const MILESTONES = "3:500,10:1500";
const AUTH_SECRET = randomUUID() + randomUUID();
const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = "bench_h24growth_referrals";
const dbUrl = databaseUrl(adminUrl, dbName);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);

const smtp = await startSmtp({ countOnly: true });
const app = await startServer(
  {
    DATABASE_URL: dbUrl,
    SMTP_URL: smtp.url,
    TRUST_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
    DATABASE_POOL_SIZE: "20",
    AUTH_SECRET,
    REFERRAL_CREDIT_MILESTONES: MILESTONES,
  },
  { quiet: true },
);
// This process confirms friends with the server's own secret and database.
setSettings(
  parseSettings({
    APP_ENV: "test",
    DATABASE_URL: dbUrl,
    LOG_LEVEL: "silent",
    AUTH_SECRET,
    SITE_URL: app.url,
    REFERRAL_CREDIT_MILESTONES: MILESTONES,
  }),
);
const handle = await openDatabase(dbUrl, 32);
setDatabase(handle);
const pool = handle.pool!;
pool.options.connectionTimeoutMillis = 0;

interface Join {
  email: string;
  /** The link's index, or null for a join without one. */
  link: number | null;
  id: string;
  ip: string;
}
const codes: string[] = [];
/** Every request sent through a link, with its answer: who keeps a friend is decided from these. */
const sent: { email: string; link: number; status: number; at: number; answered: number }[] = [];
let people = 0;
const ipOf = (n: number, net: number) => `${net}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
function newJoin(link: number | null, net = 10): Join {
  const n = ++people;
  return {
    email: `friend${n}.${process.pid}@example.nz`,
    link,
    id: randomUUID(),
    ip: ipOf(n, net),
  };
}
/** Links are not shared equally: a few people share theirs far more than most. */
const someLink = () => Math.floor(LINKS * Math.random() ** 2);
const request = (j: Join): RequestInit => ({
  method: "POST",
  body: JSON.stringify({ id: j.id, email: j.email, region: "Auckland", plan: "1m2", page: "/" }),
  headers: {
    "content-type": "application/json",
    accept: "application/json",
    "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) bench",
    origin: app.url,
    "x-forwarded-for": j.ip,
    ...(j.link !== null ? { cookie: `patch_ref=${codes[j.link]}` } : {}),
  },
});
const joins = (list: Join[], rate: number, durationSeconds: number) => {
  let k = 0;
  return constantRate({
    url: `${app.url}/api/waitlist`,
    rate,
    durationSeconds,
    init: () => request(list[k++]!),
    onAnswer: (i, status, at, answered) => {
      const j = list[i]!;
      if (j.link !== null) sent.push({ email: j.email, link: j.link, status, at, answered });
    },
  });
};

/**
 * The links that may rightly keep each friend: the link of their first join answered with success,
 * and of any other join sent before that one was answered (a race the first to reach the database
 * wins; a join answered with an error under overload may still have been written, as a 503 from a
 * pool timeout after the contact was saved). A friend none of whose joins succeeded may be kept by
 * any link they used.
 */
function rightfulLinks(): Map<string, Set<number>> {
  const byEmail = Map.groupBy(sent, (r) => r.email);
  const out = new Map<string, Set<number>>();
  for (const [email, reqs] of byEmail) {
    const ok = reqs.filter((r) => r.status >= 200 && r.status < 300).sort((a, b) => a.at - b.at);
    const first = ok[0];
    out.set(
      email,
      new Set((first ? reqs.filter((r) => r.at < first.answered) : reqs).map((r) => r.link)),
    );
  }
  return out;
}

const row = (what: string, r: LoadResult, goal = "") => ({
  what,
  requests: r.requests,
  "per second": r.rps,
  "p50 ms": r.p50,
  "p99 ms": r.p99,
  "non-2xx": r.non2xx,
  errors: r.errors,
  goal,
});

try {
  // The 1,000 referrers: confirmed contacts with a code; the first 100 also have a verified account.
  for (let i = 0; i < LINKS; i++) codes.push(newReferralCode());
  await pool.query(
    `insert into contacts (id, email, region, confirmed_at, referral_code, timestamp)
     select gen_random_uuid(), 'referrer' || i || '@example.nz', 'Auckland', now(), codes[i + 1],
            now() - make_interval(mins => $2::int - i)
     from generate_series(0, $2::int - 1) as i, (select $1::text[] as codes) c`,
    [codes, LINKS],
  );
  await pool.query(
    `insert into users (id, name, email, email_verified)
     select 'bench-referrer-' || i, 'Referrer ' || i, 'referrer' || i || '@example.nz', true
     from generate_series(0, $1::int - 1) as i`,
    [WITH_ACCOUNTS],
  );

  // Warm-up, then 1: the same rate with and without a link.
  await joins(
    Array.from({ length: 400 }, () => newJoin(null, 11)),
    200,
    2,
  );
  const plain = await joins(
    Array.from({ length: 500 * SECONDS }, () => newJoin(null, 11)),
    500,
    SECONDS,
  );
  const linked = await joins(
    Array.from({ length: 500 * SECONDS }, () => newJoin(someLink())),
    500,
    SECONDS,
  );

  // 2. The storm's schedule: originals, replays of a recent one, duplicates of an older one.
  const rate = STORM / STORM_SECONDS;
  const storm: Join[] = [];
  const originals: Join[] = [];
  let replays = 0;
  let duplicates = 0;
  for (let i = 0; i < STORM; i++) {
    const r = Math.random();
    const older = i - Math.round(rate * 3); // sent at least 3 s before this slot
    if (r < 0.1 && originals.length > 0) {
      storm.push(
        originals[
          originals.length - 1 - Math.floor(Math.random() * Math.min(50, originals.length))
        ]!,
      );
      replays++;
    } else if (r < 0.15 && older > 0) {
      const first = storm[Math.floor(Math.random() * older)]!;
      // The same person (address, connection) through another friend's link, with a new form id.
      storm.push({
        ...first,
        id: randomUUID(),
        link: (first.link! + 1 + Math.floor(Math.random() * (LINKS - 1))) % LINKS,
      });
      duplicates++;
    } else {
      const j = newJoin(someLink());
      originals.push(j);
      storm.push(j);
    }
  }
  const stormResult = await joins(storm, rate, STORM_SECONDS);

  printTable(
    `Joins on PostgreSQL, open loop (phase 1: ${SECONDS} s each; the storm: ${STORM_SECONDS} s)`,
    [
      row("reference: joins without a link, 500/s", plain),
      row("joins through a share link, 500/s", linked, "p99 < 50 ms"),
      row(
        `storm: ${STORM.toLocaleString("en-NZ")} through ${LINKS.toLocaleString("en-NZ")} links (${replays} replays, ${duplicates} duplicates)`,
        stormResult,
      ),
    ],
  );

  // 3. Every friend confirms (a tenth twice at once), 32 at a time.
  const friends = (
    await pool.query<{ id: string }>(
      `select id from contacts where email like 'friend%' and confirmed_at is null`,
    )
  ).rows.map((r) => r.id);
  const confirmStarted = performance.now();
  let next = 0;
  let confirmCalls = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < friends.length) {
        const id = friends[next++]!;
        const token = new URL(confirmUrl(id)).searchParams.get("token");
        const times = Math.random() < 0.1 ? 2 : 1;
        confirmCalls += times;
        await Promise.all(Array.from({ length: times }, () => confirmContact(token)));
      }
    }),
  );
  const confirmMs = performance.now() - confirmStarted;

  // Who keeps each friend, and each link's count against the friends it rightly keeps.
  const rightful = rightfulLinks();
  const rows = await pool.query<{ email: string; code: string; status: string }>(
    `select f.email, c.referral_code as code, r.status
     from referrals r join contacts f on f.id = r.friend_id join contacts c on c.id = r.referrer_id`,
  );
  const linkOf = new Map(codes.map((c, i) => [c, i]));
  const byFriend = new Map<string, number>();
  const expected = new Map<string, number>();
  let wrongLink = 0;
  let raced = 0;
  for (const r of rows.rows) {
    byFriend.set(r.email, (byFriend.get(r.email) ?? 0) + 1);
    const may = rightful.get(r.email);
    if (!may?.has(linkOf.get(r.code)!)) wrongLink++;
    else expected.set(r.code, (expected.get(r.code) ?? 0) + 1);
    if ((may?.size ?? 0) > 1) raced++;
  }
  // Friends with a successful join through a link but no referral row at all.
  const joined = new Set(sent.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.email));
  const missing = [...joined].filter((email) => !byFriend.has(email)).length;
  const counted = new Map(
    (
      await pool.query<{ code: string; n: number }>(
        `select c.referral_code as code, count(*)::int as n
         from referrals r join contacts c on c.id = r.referrer_id
         where r.status = 'counted' group by 1`,
      )
    ).rows.map((r) => [r.code, r.n]),
  );
  let exactLinks = 0;
  let over = 0;
  let under = 0;
  for (const code of codes) {
    const want = expected.get(code) ?? 0;
    const got = counted.get(code) ?? 0;
    if (got === want) exactLinks++;
    else if (got > want) over += got - want;
    else under += want - got;
  }
  const twice = [...byFriend.values()].filter((n) => n > 1).length;
  const statuses = Object.fromEntries(
    (
      await pool.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from referrals group by 1`,
      )
    ).rows.map((r) => [r.status, r.n]),
  );

  // The milestone credit of the referrers with an account: each milestone reached, granted once.
  const credit = await pool.query<{ email: string; rows: number; total: number }>(
    `select u.email, count(e.id)::int as rows, coalesce(sum(e.amount), 0)::int as total
     from users u left join credit_entries e on e.user_id = u.id
     where u.id like 'bench-referrer-%' group by 1`,
  );
  let creditExact = 0;
  for (const c of credit.rows) {
    const n = expected.get(codes[Number(/referrer(\d+)@/.exec(c.email)![1])]!) ?? 0;
    const rowsWanted = (n >= 3 ? 1 : 0) + (n >= 10 ? 1 : 0);
    const totalWanted = (n >= 3 ? 500 : 0) + (n >= 10 ? 1500 : 0);
    if (c.rows === rowsWanted && c.total === totalWanted) creditExact++;
  }

  printTable("Counting after every friend confirmed", [
    {
      friends: rightful.size,
      "confirm calls": confirmCalls,
      "confirm s": Math.round(confirmMs / 100) / 10,
      counted: statuses.counted ?? 0,
      "pending left": statuses.pending ?? 0,
      refused: statuses.refused ?? 0,
      "links exact": `${exactLinks} of ${LINKS}`,
      "counted too many (double counts)": over,
      "counted too few": under,
      "friends with 2+ rows": twice,
      "kept by a link they didn't win": wrongLink,
      "raced (either link right)": raced,
      "joined, no row": missing,
      "milestone credit exact": `${creditExact} of ${WITH_ACCOUNTS}`,
    },
  ]);
  const ok =
    exactLinks === LINKS &&
    over === 0 &&
    under === 0 &&
    twice === 0 &&
    wrongLink === 0 &&
    missing === 0 &&
    creditExact === WITH_ACCOUNTS;
  console.log(ok ? "\nEvery count exact." : "\nNOT exact: see above.");
  if (!ok) process.exitCode = 1;
} finally {
  await handle.close();
  setDatabase(undefined);
  await app.stop();
  await smtp.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
