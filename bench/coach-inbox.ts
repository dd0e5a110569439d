// Issue 41's figure: the coach inbox's first page (/admin/coach, the 50 longest-waiting questions
// and this week's figures) with 5,000 open questions from 5,000 members (and 5,000 answered ones),
// signed in as a coach (a COACH_EMAILS address), at a steady BENCH_RATE (40) requests a second for
// BENCH_SECONDS (15), open-loop (lib.ts constantRate). Beside it, in the same run and at the same
// rate, a bare node:http server answering the same bytes. On PostgreSQL (BENCH_ADMIN_URL, the
// local server by default), seeded with SQL before the app starts. Floor: p99 ≤ 100 ms; goal
// ≤ 30 ms. `npm run bench -- coach-inbox`
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { openDatabase, setDatabase } from "#app/lib/db.server.ts";
import { parseSettings, setSettings } from "#app/lib/env.server.ts";
import { setLogLevel } from "#app/lib/log.server.ts";
import {
  confirmedAccount,
  constantRate,
  cpuSeconds,
  databaseUrl,
  printTable,
  processTree,
  startServer,
} from "./lib.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 40);
const OPEN = 5000;
const COACH = "bench.coach@example.nz";

const adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = "bench_coach_inbox";
const dbUrl = databaseUrl(adminUrl, dbName);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

setLogLevel("silent");
setSettings(parseSettings({ APP_ENV: "test", DATABASE_URL: dbUrl }));
const handle = await openDatabase(dbUrl, 2);
setDatabase(handle);
await handle.migrate();
const pool = handle.pool!;
// 5,000 members each waiting on a question (a minute apart, the oldest overdue), and 5,000 more
// whose questions are answered: the queue reads the first 50 of the open ones.
await pool.query(`
  insert into users (id, name, email, email_verified)
  select 'bench-' || g, 'Member ' || g, 'member' || g || '@example.nz', true
  from generate_series(1, ${2 * OPEN}) g`);
await pool.query(`
  insert into profiles (id, full_name) select 'bench-' || g, 'Kiri Member' || g from generate_series(1, ${2 * OPEN}) g`);
await pool.query(`
  insert into coach_threads (user_id, topic, state, source, request_key, waiting_since, due_at, first_answered_at, created_at)
  select 'bench-' || g, (array['pests', 'watering', 'sowing', 'harvest', 'other'])[1 + g % 5],
    case when g <= ${OPEN} then 'waiting' else 'answered' end, 'garden', 'bench-thread-' || g,
    case when g <= ${OPEN} then now() - g * interval '1 minute' end,
    case when g <= ${OPEN} then now() - g * interval '1 minute' + interval '1 day' end,
    case when g > ${OPEN} then now() - g * interval '1 minute' + interval '3 hours' end,
    now() - g * interval '1 minute'
  from generate_series(1, ${2 * OPEN}) g`);
await pool.query(`
  insert into coach_messages (thread_id, kind, author_id, body, request_key, created_at)
  select id, 'member', user_id,
    'My courgette leaves have a white powder on them and the lower ones are going yellow.' || chr(10) || 'We had a lot of rain last week. What should I do?',
    'bench-message-' || request_key, created_at
  from coach_threads`);
await pool.query("analyze");
await handle.close();

const app = await startServer(
  {
    LOG_LEVEL: "warn",
    DATABASE_URL: dbUrl,
    COACH_EMAILS: COACH,
    RUN_WORKER: "true",
  },
  { quiet: true },
);

interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

function fetchRaw(url: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, "accept-encoding": "gzip, deflate, br" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers = { ...res.headers };
          for (const h of [
            "content-length",
            "transfer-encoding",
            "connection",
            "keep-alive",
            "date",
          ])
            delete headers[h];
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

try {
  const cookie = await confirmedAccount(app, COACH, "bench kowhai tui ruru");
  const page = `${app.url}/admin/coach`;
  const answer = await fetchRaw(page, cookie);
  if (answer.status !== 200) throw new Error(`/admin/coach answered ${answer.status}`);
  const html = await (await fetch(page, { headers: { cookie } })).text();
  const rows = html.split('data-testid="coach-thread-row"').length - 1;
  if (rows !== 50) throw new Error(`/admin/coach showed ${rows} questions, not 50`);

  const bare = http.createServer((_req, res) => {
    res.writeHead(answer.status, { ...answer.headers, "content-length": answer.body.length });
    res.end(answer.body);
  });
  await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/admin/coach`;
  const init = () => ({ headers: { cookie } });
  await constantRate({ url: page, rate: 20, durationSeconds: 3, init });
  await constantRate({ url: bareUrl, rate: 20, durationSeconds: 1, init });
  const appProcesses = processTree(app.child.pid!);
  const cpuBefore = cpuSeconds(appProcesses);
  const ours = await constantRate({ url: page, rate: RATE, durationSeconds: SECONDS, init });
  const cpuPerRequest = ((cpuSeconds(appProcesses) - cpuBefore) * 1000) / ours.requests;
  const reference = await constantRate({
    url: bareUrl,
    rate: RATE,
    durationSeconds: SECONDS,
    init,
  });
  bare.close();
  printTable(
    `Coach inbox first page, ${OPEN} open questions (+${OPEN} answered), ${RATE}/s for ${SECONDS} s (${answer.body.length} B compressed)`,
    [
      ["app: /admin/coach as a coach (PostgreSQL)", ours],
      ["reference: bare node:http, the same bytes", reference],
    ].map(([who, r]) => {
      const result = r as typeof ours;
      return {
        server: who as string,
        "req/s": result.rps,
        "p50 ms": result.p50,
        "p95 ms": result.p95 ?? "",
        "p99 ms": result.p99,
        errors: result.errors + result.non2xx,
      };
    }),
  );
  console.log(`The app's CPU per request: ${cpuPerRequest.toFixed(1)} ms.`);
  console.log(
    `p99 ${ours.p99} ms: floor ≤ 100 ms ${ours.p99 <= 100 ? "met" : "MISSED"}, goal ≤ 30 ms ${ours.p99 <= 30 ? "met" : "not met"}.`,
  );
} finally {
  await app.stop();
}
