// Time from `node server/index.ts` to the first home page: on a fresh embedded database (migrate +
// seed) and on a restart with the database already migrated. Figures from issue 2: restart < 5 s.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { printTable, startServer } from "./lib.ts";

async function timeToHome(env: Record<string, string>) {
  const started = performance.now();
  const server = await startServer(env);
  const res = await fetch(server.url + "/");
  const ms = Math.round(performance.now() - started);
  return { server, ms, status: res.status };
}

const first = await timeToHome({});
const dataDir = first.server.dataDir;
await first.server.stop();
const again = await timeToHome({ DATABASE_URL: `pglite://${join(dataDir, "db")}` });
await again.server.stop();
rmSync(dataDir, { recursive: true, force: true });

printTable("Start to first home page (PGlite on disk)", [
  { run: "fresh database (migrate + seed)", ms: first.ms, status: first.status },
  {
    run: "restart, already migrated",
    ms: again.ms,
    status: again.status,
    "target < 5000 ms": again.ms < 5000 ? "met" : "MISSED",
  },
]);
