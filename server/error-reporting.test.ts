// Error reports to Sentry (ADR 081), faked only at Sentry's protocol: a local HTTP server is the
// ingest endpoint the DSN names, and the SDK POSTs its envelopes to /api/1/envelope/ as it would
// to sentry.io. The crash is the real /_dev/crash route under React Router's own request handler
// and the real entry's handleError; the report carries the message and the request id, and
// nothing of the request's cookies, headers or body.
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import * as entryServer from "#app/entry.server.tsx";
import * as devCrashRoute from "#app/routes/dev-crash.tsx";
import { devToolsKey } from "#app/lib/dev-tools-gate.server.ts";
import {
  errorReportingStarted,
  flushErrorReports,
  reportError,
  startErrorReporting,
  stopErrorReporting,
} from "#app/lib/error-reporting.server.ts";
import { setSettings, type Settings } from "#app/lib/env.server.ts";
import { z } from "zod";
import { db } from "#app/lib/db.server.ts";
import { defineJob, enqueue, startQueue, startWorking, stopQueue } from "#app/lib/queue.server.ts";
import { startIngestServer, type IngestHit } from "#tests/setup/ingest-server.ts";
import { openTestDatabase, testSettings, type TestDatabase } from "#tests/setup/test-database.ts";
import { createApp } from "./app.ts";

/** A server build of one page, /_dev/crash, with the real entry's handleError. */
function crashBuild(): ServerBuild {
  const shell = (_request: Request, status: number, headers: Headers) =>
    new Response("<!doctype html>", { status, headers });
  return {
    entry: { module: { default: shell, handleError: entryServer.handleError } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      crash: { id: "crash", parentId: "root", path: "_dev/crash", module: devCrashRoute },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    basename: "/",
  } as unknown as ServerBuild;
}

let attempts = 0;
const failingJob = defineJob({
  name: "test.sentry-failing",
  payload: z.object({ email: z.string() }),
  retryLimit: 0,
  handle: async () => {
    attempts += 1;
    throw new Error("SMTP said no");
  },
});

let ingest: Awaited<ReturnType<typeof startIngestServer>>;
let t: TestDatabase;
beforeAll(async () => {
  ingest = await startIngestServer();
  t = await openTestDatabase({ SENTRY_DSN: `http://publickey@127.0.0.1:${ingest.port}/1` });
});
afterAll(async () => {
  await stopErrorReporting();
  await stopQueue();
  await t.close();
  await ingest.close();
});

const SECRET_BEARER = "Bearer not-for-sentry-0123456789";

/** The crash page, asked for with the development key's cookie, a bearer token and a body. */
async function crash(settings: Settings) {
  setSettings(settings);
  const app = createApp({ settings, build: crashBuild(), clientDir: "/nonexistent" });
  const res = await app.request("http://localhost:3000/_dev/crash?email=someone%40patch.test", {
    headers: {
      cookie: `patch.dev-tools=${devToolsKey(settings)}; patch.session=session-cookie-value`,
      authorization: SECRET_BEARER,
    },
  });
  expect(res.status).toBe(500);
  return res.headers.get("x-request-id")!;
}

test("a route's crash reaches Sentry with its message and request id, and no cookie, header or query", async () => {
  expect(await startErrorReporting(t.settings, "web")).toBe(true);
  const requestId = await crash(t.settings);
  expect(requestId).toBeTruthy();
  await flushErrorReports();
  const hit = await ingest.waitFor(
    (h) => h.path.startsWith("/api/1/envelope/") && h.body.includes("Deliberate crash"),
  );
  expect(hit, "an envelope arrived").toBeDefined();
  // An envelope: a header line, then each item's header and payload, one JSON document a line.
  const lines = hit!.body.split("\n").filter(Boolean);
  const event = lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => "exception" in l) as {
    exception: { values: { value: string }[] };
    tags: Record<string, string>;
    request?: Record<string, unknown>;
    environment: string;
  };
  expect(event.exception.values.at(-1)!.value).toBe("Deliberate crash from /_dev/crash");
  expect(event.tags).toMatchObject({ request_id: requestId, source: "route", service: "web" });
  expect(event.environment).toBe("test");
  const key = devToolsKey(t.settings)!;
  for (const secret of [
    key,
    "session-cookie-value",
    "not-for-sentry",
    "someone%40patch.test",
    "someone@patch.test",
  ]) {
    expect(hit!.body).not.toContain(secret);
  }
  expect(hit!.body.toLowerCase()).not.toMatch(/"cookies?"|"authorization"/);
  // Sentry traces nothing: the traces are OpenTelemetry's.
  expect(hit!.body).not.toContain('"type":"transaction"');
});

test("a job that failed for the last time is reported with its queue, never its data", async () => {
  expect(await startErrorReporting(t.settings, "web")).toBe(true);
  await startQueue(t.handle, { connectionString: t.url });
  await startWorking([failingJob]);
  await db().transaction((tx) => enqueue(tx, failingJob, { email: "private@patch.test" }));
  await expect.poll(() => attempts, { timeout: 15_000 }).toBe(1);
  let hit: IngestHit | undefined;
  await expect
    .poll(
      async () => {
        await flushErrorReports();
        hit = ingest.received.find((h) => h.body.includes("SMTP said no"));
        return Boolean(hit);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  expect(hit!.body).toContain('"queue":"test.sentry-failing"');
  expect(hit!.body).toContain('"source":"job"');
  expect(hit!.body).not.toContain("private@patch.test");
  await stopQueue();
});

test("without SENTRY_DSN nothing is loaded and nothing is sent", async () => {
  await stopErrorReporting();
  const before = ingest.received.length;
  const settings = testSettings({ DATABASE_URL: t.settings.databaseUrl });
  expect(settings.sentry).toBeUndefined();
  expect(await startErrorReporting(settings, "web")).toBe(false);
  expect(errorReportingStarted()).toBe(false);
  await crash({ ...settings, databaseUrl: t.settings.databaseUrl });
  reportError(new Error("goes nowhere"));
  await flushErrorReports();
  await new Promise((r) => setTimeout(r, 300));
  expect(ingest.received.length).toBe(before);
  setSettings(t.settings);
});
