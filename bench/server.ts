// Throughput and tail latency of /api/health and the server-rendered home page, each beside a bare
// node:http server answering the same bytes in the same run; then the home page at a constant
// 200 requests per second. Figures from issue 2: health ≥ 60% of bare; home p99 < 50 ms at 200/s.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { constantRate, load, printTable, startServer } from "./lib.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

// PostgreSQL (production's database) when BENCH_DATABASE_URL is set, else embedded PGlite.
const databaseUrl = process.env.BENCH_DATABASE_URL;
const app = await startServer(
  {
    LOG_LEVEL: "info",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.BENCH_RUN_WORKER ? { RUN_WORKER: process.env.BENCH_RUN_WORKER } : {}),
  },
  { quiet: true },
);
console.log(`Database: ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}`);

async function bareServerFor(path: string) {
  const res = await fetch(app.url + path, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!["content-length", "transfer-encoding", "connection", "keep-alive", "date"].includes(k))
      headers[k] = v;
  });
  const server = createServer((_req, out) => {
    out.writeHead(res.status, { ...headers, "content-length": body.length });
    out.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () => server.close(),
    bytes: body.length,
  };
}

const rows: Record<string, string | number>[] = [];
try {
  for (const path of ["/api/health", "/"]) {
    // Warm up the app's code paths and caches first.
    await load({ url: app.url + path, connections: 10, durationSeconds: 2 });
    const bare = await bareServerFor(path);
    // App and bare alternate in three rounds and each keeps its median, so a noisy moment on this
    // shared machine doesn't land on one side only.
    const appRuns: Awaited<ReturnType<typeof load>>[] = [];
    const bareRuns: Awaited<ReturnType<typeof load>>[] = [];
    for (let round = 0; round < 3; round++) {
      const seconds = Math.max(3, Math.round(DURATION / 2));
      appRuns.push(await load({ url: app.url + path, connections: 50, durationSeconds: seconds }));
      bareRuns.push(await load({ url: bare.url, connections: 50, durationSeconds: seconds }));
    }
    const median = (runs: typeof appRuns) => [...runs].sort((a, b) => a.rps - b.rps)[1]!;
    const ours = median(appRuns);
    const base = median(bareRuns);
    bare.close();
    rows.push({
      path,
      bytes: bare.bytes,
      "app req/s": ours.rps,
      "app p99 ms": ours.p99,
      "bare req/s": base.rps,
      "bare p99 ms": base.p99,
      "app/bare": (ours.rps / base.rps).toFixed(2),
      errors: ours.errors + ours.non2xx,
    });
  }
  printTable(
    `Saturation, 50 connections, median of 3 alternating rounds of ${Math.max(3, Math.round(DURATION / 2))} s`,
    rows,
  );

  // New visitors and signed-in members get the public-page cache's copy (ADRs 013, 015; a
  // member's header is filled in by the browser). A page nobody asked for in the last 5 s (here:
  // a new query string on every request) is rendered: the third row.
  // The saturation rounds leave both processes with garbage to collect and sockets to close:
  // a pause and a gentle warm-up, so the first row doesn't measure their aftermath.
  await new Promise((r) => setTimeout(r, 3_000));
  await constantRate({ url: app.url + "/", rate: 50, durationSeconds: 2 });
  const steady = await constantRate({ url: app.url + "/", rate: 200, durationSeconds: DURATION });
  const member = await constantRate({
    url: app.url + "/",
    rate: 200,
    durationSeconds: DURATION,
    init: () => ({ headers: { cookie: "patch.session_token=bench.member; patch.member=1" } }),
  });
  const rendered = await constantRate({
    url: (i) => `${app.url}/?r=${i}`,
    rate: 200,
    durationSeconds: DURATION,
  });
  printTable(
    "Home page at a constant 200 requests per second",
    [
      ["new visitor (page cache)", steady],
      ["signed-in member (page cache)", member],
      ["rendered every time (new query)", rendered],
    ].map(([who, r]) => {
      const result = r as typeof steady;
      return {
        visitor: who as string,
        "req/s": result.rps,
        "p50 ms": result.p50,
        "p99 ms": result.p99,
        errors: result.errors + result.non2xx,
        "target p99 < 50 ms": result.p99 < 50 ? "met" : "MISSED",
      };
    }),
  );
  const health = rows[0];
  if (health) {
    console.log(
      `/api/health reaches ${Math.round(Number(health["app/bare"]) * 100)}% of the bare node:http figure (target ≥ 60%).`,
    );
  }
} finally {
  await app.stop();
}
