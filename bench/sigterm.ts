// SIGTERM under load (issue 38's figure: 0 requests lost). Kept-alive clients keep asking for the
// home page and the health check while the built server is told to stop; every request is
// classed by what became of it:
//   answered  a response came (whatever its status);
//   refused   a new connection never accepted (refused, or reset from the accept queue as the
//             listener closed): a load balancer sends it to another process, nothing was lost;
//   lost      written down a kept-alive connection the server had answered on, and cut without
//             a response (reset, hang-up).
// The reference, in the same run, is a bare node:http server stopped the usual naive way
// (server.close() and closeIdleConnections() at once, all connections closed 2 s later), which
// loses the requests that were on their way down a kept-alive connection as it closed. `npm run bench -- sigterm`.
import http from "node:http";
import { freePort } from "#tests/e2e/server-process.ts";
import { printTable, startServer } from "./lib.ts";

const CONNECTIONS = 32;
const LOAD_BEFORE_MS = 3_000;
const ROUNDS = Number(process.env.SIGTERM_ROUNDS ?? 3);

interface Tally {
  answered: number;
  refused: number;
  lost: number;
  lostAfterSignal: number;
  closeHeaders: number;
  statuses: Map<number, number>;
}

function get(agent: http.Agent, url: URL): Promise<{ status: number; close: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, close: res.headers.connection === "close" }),
      );
      res.on("error", reject);
    });
    req.on("error", (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.setTimeout(15_000, () => req.destroy(new Error("timeout")));
  });
}

/** Keeps CONNECTIONS kept-alive loops going until `exited` resolves; SIGTERM via `signal`. */
async function underLoad(
  base: string,
  paths: string[],
  signal: () => void,
  exited: Promise<unknown>,
): Promise<Tally> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const tally: Tally = {
    answered: 0,
    refused: 0,
    lost: 0,
    lostAfterSignal: 0,
    closeHeaders: 0,
    statuses: new Map(),
  };
  let done = false;
  let signalled = false;
  void exited.then(() => setTimeout(() => (done = true), 500));
  const loop = async (n: number) => {
    for (let i = n; !done; i++) {
      try {
        const answer = await get(agent, new URL(paths[i % paths.length]!, base));
        tally.answered++;
        if (answer.close) tally.closeHeaders++;
        tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
      } catch (error) {
        // A new connection refused, or reset from the accept queue as the listener closed, was
        // never accepted; a request down a kept-alive connection the server had answered on was.
        if (!(error as { reusedSocket?: boolean }).reusedSocket) {
          tally.refused++;
          // A refused client waits a moment, as a load balancer's retry elsewhere would.
          await new Promise((r) => setTimeout(r, 20));
        } else {
          tally.lost++;
          if (signalled) tally.lostAfterSignal++;
        }
      }
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, (_, n) => loop(n));
  await new Promise((r) => setTimeout(r, LOAD_BEFORE_MS));
  signalled = true;
  signal();
  await Promise.all(loops);
  agent.destroy();
  return tally;
}

/** The reference: node:http answering a small page, stopped with close + closeIdleConnections. */
async function naiveServer(): Promise<{ url: string; stop: () => void; exited: Promise<void> }> {
  const port = await freePort();
  const body = "<!doctype html><title>Patch</title><p>Garden supplies delivered.</p>".repeat(40);
  const server = http.createServer((_req, res) => {
    // A little work per request, as a page render would take.
    setTimeout(() => res.end(body), 2);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  let resolveExit: () => void;
  const exited = new Promise<void>((r) => (resolveExit = r));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      server.close(() => resolveExit());
      server.closeIdleConnections();
      // A connection busy at the close stays kept alive while its client uses it: the usual
      // deadline ends them (as server/entry.ts's does), so the reference run ends too.
      setTimeout(() => server.closeAllConnections(), 2_000).unref();
    },
    exited,
  };
}

const rows: Record<string, string | number>[] = [];
const row = (what: string, round: number, t: Tally) => ({
  server: what,
  round,
  answered: t.answered,
  "Connection: close answers": t.closeHeaders,
  "refused (never accepted)": t.refused,
  lost: t.lost,
  "lost after SIGTERM": t.lostAfterSignal,
  statuses: [...t.statuses].map(([s, n]) => `${s}×${n}`).join(" "),
});

for (let round = 1; round <= ROUNDS; round++) {
  const reference = await naiveServer();
  rows.push(
    row(
      "bare node:http, naive close (reference)",
      round,
      await underLoad(reference.url, ["/"], reference.stop, reference.exited),
    ),
  );

  const app = await startServer({ LOG_LEVEL: "warn" });
  const exited = new Promise((r) => app.child.once("exit", r));
  const tally = await underLoad(
    app.url,
    ["/", "/about", "/api/health/live"],
    () => app.child.kill("SIGTERM"),
    exited,
  );
  rows.push(row("Patch (npm start), SIGTERM", round, tally));
  if (app.output().includes("shutdown deadline reached"))
    console.error(`round ${round}: the shutdown deadline closed what was left`);
  if (app.child.exitCode !== 0)
    console.error(`round ${round}: the server exited with ${app.child.exitCode}\n${app.output()}`);
}

printTable(`SIGTERM under load: ${CONNECTIONS} kept-alive connections`, rows);
const lost = rows
  .filter((r) => String(r.server).startsWith("Patch"))
  .reduce((sum, r) => sum + Number(r.lost), 0);
console.log(`\nPatch lost ${lost} requests in ${ROUNDS} rounds (floor and goal: 0).`);
