// The /api routes that are not pages: health now; webhooks and feeds as their areas land.
import { Hono } from "hono";
import { pingDatabase } from "../app/lib/db.server.ts";
import { queueState } from "../app/lib/queue.server.ts";

export function apiRoutes() {
  const api = new Hono();

  api.get("/health", async (c) => {
    const database = await pingDatabase();
    const queue = queueState();
    const ok = database.ok && queue.started;
    c.header("Cache-Control", "no-store");
    return c.json({ status: ok ? "ok" : "degraded", database, queue }, ok ? 200 : 503);
  });

  return api;
}
