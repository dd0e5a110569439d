// Issue 20's figure for the member's own pages, rendered every time (no page cache: they are
// private): /profile, /profile/subscription and /checkout in turn, at a steady 100 requests per second
// for BENCH_SECONDS (20), open-loop (lib.ts constantRate: a late answer never delays the next
// request), for a member signed in with a running subscription. Beside it, in the same run and at
// the same rate, a bare node:http server answering the same bytes (the same compressed pages with
// their headers). Floor: p99 < 50 ms; goal < 20 ms. `npm run bench -- member-page`
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  constantRate,
  cpuSeconds,
  printTable,
  processTree,
  startServer,
  subscribedMember,
} from "./lib.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const PAGES = process.env.BENCH_PAGES?.split(",") ?? [
  "/profile",
  "/profile/subscription",
  "/checkout",
];

// Embedded PGlite (in the app's own process) unless BENCH_DATABASE_URL names a PostgreSQL database.
// One web process, as `npm start` runs by default; BENCH_WEB_PROCESSES=2 (PostgreSQL only: the
// embedded database belongs to one process) tries WEB_PROCESSES (ADR 051).
const databaseUrl = process.env.BENCH_DATABASE_URL;
const webProcesses = databaseUrl ? Number(process.env.BENCH_WEB_PROCESSES ?? 1) : 1;
const app = await startServer(
  {
    LOG_LEVEL: "warn",
    WEB_PROCESSES: String(webProcesses),
    // The job queue worked in the web process, as `npm start` does, unless BENCH_RUN_WORKER=false.
    RUN_WORKER: process.env.BENCH_RUN_WORKER ?? "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  { quiet: true },
);
console.log(
  `Database: ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}; web processes: ${webProcesses}`,
);

interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/** The page exactly as the app sends it to the load generator (compressed, with its headers). */
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
  const cookie = await subscribedMember(app, "bench.member@example.nz");
  const answers = new Map<string, Answer>();
  for (const page of PAGES) {
    const answer = await fetchRaw(app.url + page, cookie);
    if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`);
    answers.set(page, answer);
  }
  const bare = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? "") ?? answers.get(PAGES[0]!)!;
    res.writeHead(answer.status, { ...answer.headers, "content-length": answer.body.length });
    res.end(answer.body);
  });
  await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  const init = () => ({ headers: { cookie } });
  const pageOf = (i: number) => PAGES[i % PAGES.length]!;
  // Warm both up (the app's code paths and caches, the sockets) before measuring.
  await constantRate({ url: (i) => app.url + pageOf(i), rate: 50, durationSeconds: 3, init });
  await constantRate({ url: (i) => bareUrl + pageOf(i), rate: 50, durationSeconds: 1, init });
  // The app's own CPU time per request: on a shared machine, what the latencies can't hide.
  const appProcesses = processTree(app.child.pid!);
  const cpuBefore = cpuSeconds(appProcesses);
  const ours = await constantRate({
    url: (i) => app.url + pageOf(i),
    rate: RATE,
    durationSeconds: SECONDS,
    init,
  });
  const cpuPerRequest = ((cpuSeconds(appProcesses) - cpuBefore) * 1000) / ours.requests;
  const reference = await constantRate({
    url: (i) => bareUrl + pageOf(i),
    rate: RATE,
    durationSeconds: SECONDS,
    init,
  });
  bare.close();
  const bytes = PAGES.map((p) => `${p} ${answers.get(p)!.body.length} B`).join(", ");
  printTable(
    `Member pages rendered every time, ${PAGES.join(" and ")} alternately, ${RATE}/s for ${SECONDS} s (${bytes}, compressed)`,
    [
      ["app (signed-in member with a subscription)", ours],
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
  console.log(
    `The app's CPU per request: ${cpuPerRequest.toFixed(1)} ms (a core serves ${Math.floor(1000 / cpuPerRequest)}/s at most).`,
  );
  console.log(
    `p99 ${ours.p99} ms: floor < 50 ms ${ours.p99 < 50 ? "met" : "MISSED"}, goal < 20 ms ${ours.p99 < 20 ? "met" : "not met"}.`,
  );
} finally {
  await app.stop();
}
