// Traces over OTLP/HTTP (ADR 081), faked only at the protocol: a local HTTP server is the
// collector, and the exporter POSTs its JSON to /v1/traces as it would to a real one. A request
// over a real socket makes an incoming-HTTP span under the service's name; on PostgreSQL a query
// makes a pg span too. Without the settings not one OpenTelemetry or Sentry module is loaded.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseTracingSettings } from "#app/lib/env.server.ts";
import { startIngestServer } from "#tests/setup/ingest-server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { createApp } from "./app.ts";
import { startTracing, type Tracing } from "./telemetry.ts";

let collector: Awaited<ReturnType<typeof startIngestServer>>;
let t: TestDatabase;
let tracing: Tracing | undefined;
beforeAll(async () => {
  collector = await startIngestServer();
  t = await openTestDatabase();
});
afterAll(async () => {
  await tracing?.shutdown();
  await t.close();
  await collector.close();
});

test("a request over HTTP and a PostgreSQL query are traced to the collector under patch-web", async () => {
  const settings = parseTracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/` });
  tracing = await startTracing(settings!, "patch-web");
  const app = createApp({ settings: t.settings, clientDir: "/nonexistent" });
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/no-such-thing`, {
    headers: { cookie: "patch.session=secret-session", authorization: "Bearer secret-token" },
  });
  expect(res.status).toBe(404);
  const postgres = t.handle.kind === "postgres";
  if (postgres) await t.handle.db.execute(sql`select 1 as traced`);
  await new Promise<void>((r) => server.close(() => r()));
  await tracing.shutdown();
  tracing = undefined;

  const traces = collector.received.filter((h) => h.path === "/v1/traces");
  expect(traces.length).toBeGreaterThan(0);
  expect(traces[0]!.headers["content-type"]).toMatch(/^application\/json/);
  const body = traces.map((h) => h.body).join("\n");
  expect(body).toContain('"stringValue":"patch-web"');
  expect(body).toContain("/api/no-such-thing");
  expect(body).not.toContain("secret-session");
  expect(body).not.toContain("secret-token");
  if (postgres) expect(body).toContain("select 1 as traced");
});

test("unset, no OpenTelemetry or Sentry module is loaded and nothing is sent", () => {
  // A process of its own, as server/index.ts starts: every module it resolves is recorded.
  const script = `
    import { registerHooks } from "node:module";
    const seen = [];
    registerHooks({
      resolve(specifier, context, next) {
        if (/@opentelemetry|@sentry/.test(specifier)) seen.push(specifier);
        return next(specifier, context);
      },
    });
    const { startTracingFromSettings } = await import("./server/telemetry.ts");
    const { parseSettings } = await import("./app/lib/env.server.ts");
    const { startErrorReporting, reportError, flushErrorReports } = await import("./app/lib/error-reporting.server.ts");
    const tracing = await startTracingFromSettings("patch-web");
    const reporting = await startErrorReporting(parseSettings({ APP_ENV: "test", LOG_LEVEL: "silent" }), "web");
    reportError(new Error("goes nowhere"));
    await flushErrorReports();
    process.stdout.write(JSON.stringify({ seen, tracing: tracing !== undefined, reporting }));
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: process.cwd(),
    // Nothing of this process's environment: no SENTRY_ or OTEL_ setting can leak in.
    env: { APP_ENV: "test" },
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  expect(JSON.parse(run.stdout)).toEqual({ seen: [], tracing: false, reporting: false });
  expect(collector.received.filter((h) => h.path !== "/v1/traces")).toEqual([]);
});
