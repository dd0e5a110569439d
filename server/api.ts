// The /api routes that are not pages: health now; webhooks and feeds as their areas land.
import { Hono } from "hono";
import { pingDatabase } from "../app/lib/db.server.ts";

// Load balancers poll health often: one database probe answers every check within a second.
const PROBE_TTL_MS = 1_000;
let probe: { at: number; result: Promise<Awaited<ReturnType<typeof pingDatabase>>> } | undefined;
function databaseState() {
  const now = Date.now();
  if (!probe || now - probe.at > PROBE_TTL_MS) probe = { at: now, result: pingDatabase() };
  return probe.result;
}
import { queueState } from "../app/lib/queue.server.ts";

export function apiRoutes() {
  const api = new Hono();

  api.get("/health", async (c) => {
    const database = await databaseState();
    const queue = queueState();
    const ok = database.ok && queue.started;
    c.header("Cache-Control", "no-store");
    return c.json({ status: ok ? "ok" : "degraded", database, queue }, ok ? 200 : 503);
  });

  return api;
}
