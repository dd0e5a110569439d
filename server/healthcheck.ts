// The container's health check (Dockerfile HEALTHCHECK, compose.yaml), so no command line in
// those files has to quote JavaScript. `node server/healthcheck.ts`: the web process answers
// /api/health/live on PORT (liveness: restart it when this fails; readiness, /api/health/ready,
// is the load balancer's). `node server/healthcheck.ts worker`: the queue worker's process runs
// (it has no HTTP; it exits when it cannot work, and the restart policy brings it back).
// Exits 0 when healthy, 1 when not. Runs on Node 24 directly, so only erasable TypeScript.
import { readdirSync, readFileSync } from "node:fs";
import { parseSettings } from "#app/lib/env.server.ts";

async function webAnswers(): Promise<boolean> {
  try {
    const { port } = parseSettings(); // the process's own settings, so its own port
    const res = await fetch(`http://127.0.0.1:${port}/api/health/live`, {
      signal: AbortSignal.timeout(4_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

function workerRuns(): boolean {
  return readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid) && Number(pid) !== process.pid)
    .some((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8")
          .split("\0")
          .includes("server/worker.ts");
      } catch {
        return false; // gone meanwhile
      }
    });
}

const healthy = process.argv[2] === "worker" ? workerRuns() : await webAnswers();
process.exit(healthy ? 0 : 1);
