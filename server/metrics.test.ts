// /metrics: behind its token; requests counted by route pattern, never by raw URL; the queues'
// depth and oldest job's age read from pg-boss; the pool, renewals and e-mails reported.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { mkdtempSync } from "node:fs";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { sendMail } from "#app/lib/mail.server.ts";
import { countRenewals, reportPool, reportQueues } from "#app/lib/metrics.server.ts";
import { createQueues, defineJob, queue, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { queueStats } from "#app/lib/queue-jobs.server.ts";
import { openTestDatabase, testSettings, type TestDatabase } from "#tests/setup/test-database.ts";
import { createApp, routeLabeller } from "./app.ts";

const TOKEN = "metrics-token-0123456789abcdef";
let t: TestDatabase;
let outbox: string;

const idleJob = defineJob({
  name: "test.metrics-idle",
  payload: z.object({ n: z.number() }),
  handle: async () => {},
});

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), "patch-metrics-mail-"));
  t = await openTestDatabase({ METRICS_TOKEN: TOKEN, MAIL_OUTBOX_DIR: outbox });
  await startQueue(t.handle, { connectionString: t.url });
  await createQueues([idleJob as never]);
  reportPool(() => t.handle.pool);
  reportQueues(() => queueStats(t.handle.db));
});
afterAll(async () => {
  await stopQueue();
  await t.close();
});

const app = () => createApp({ settings: t.settings, clientDir: "/nonexistent" });
const scrape = async () => {
  const res = await app().request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of one series, e.g. value(text, 'http_requests_total{method="GET",...}'). */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(series + " "));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test("without METRICS_TOKEN there is no /metrics; a missing or wrong token is refused", async () => {
  const unset = createApp({ settings: testSettings(), clientDir: "/nonexistent" });
  expect((await unset.request("/metrics")).status).toBe(404);
  const none = await app().request("/metrics");
  expect(none.status).toBe(401);
  expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
  expect(await none.text()).not.toContain("http_requests_total");
  const wrong = await app().request("/metrics", {
    headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
  });
  expect(wrong.status).toBe(401);
  expect(
    (await app().request("/metrics", { headers: { authorization: `Basic ${TOKEN}` } })).status,
  ).toBe(401);
});

test("requests are counted and timed by route pattern, not by URL", async () => {
  const before = await scrape();
  const live = 'http_requests_total{method="GET",route="/api/health/live",status="200"}';
  const start = value(before, live) ?? 0;
  for (let i = 0; i < 3; i++) await app().request("/api/health/live");
  // Unknown API paths (a scanner's) share one series, whatever their URL.
  for (const junk of ["/api/a1", "/api/b2?x=1", "/api/wp-login.php"]) await app().request(junk);
  const text = await scrape();
  expect(value(text, live)).toBe(start + 3);
  expect(
    value(text, 'http_requests_total{method="GET",route="unmatched",status="404"}'),
  ).toBeGreaterThanOrEqual(3);
  expect(text).not.toContain("wp-login");
  expect(text).not.toContain("/api/a1");
  expect(
    value(text, 'http_request_duration_seconds_count{method="GET",route="/api/health/live"}'),
  ).toBe(start + 3);
  expect(text).toContain(
    'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health/live"}',
  );
});

test("a page's route is its pattern: parameters and splats, from the server build", () => {
  const build = {
    routes: {
      root: { id: "root", path: "", module: {} },
      home: { id: "home", parentId: "root", index: true, module: {} },
      account: { id: "account", parentId: "root", path: "profile", module: {} },
      orders: { id: "orders", parentId: "account", path: "orders/:id", module: {} },
      content: { id: "content", parentId: "root", path: "guides/*", module: {} },
    },
  } as unknown as ServerBuild;
  const label = routeLabeller(build, new Set(["/robots.txt"]));
  const at = (path: string) => label({ req: { path } } as never);
  expect(at("/")).toBe("/");
  expect(at("/profile/orders/ord_123")).toBe("/profile/orders/:id");
  expect(at("/profile/orders/ord_456")).toBe("/profile/orders/:id");
  expect(at("/guides/tomatoes/in/pots")).toBe("/guides/*");
  expect(at("/assets/app-abc.js")).toBe("/assets/*");
  expect(at("/robots.txt")).toBe("static");
  expect(at("/nowhere/at/all")).toBe("unmatched");
});

test("each queue's depth and the age of its oldest due job", async () => {
  const empty = await scrape();
  expect(value(empty, 'job_queue_depth{queue="test.metrics-idle"}')).toBe(0);
  expect(value(empty, 'job_queue_oldest_job_age_seconds{queue="test.metrics-idle"}')).toBe(0);
  const past = new Date(Date.now() - 90_000);
  await queue().insert(idleJob.name, [
    { data: { n: 1 }, startAfter: past },
    { data: { n: 2 } },
    // Not due yet: not waiting, so not counted.
    { data: { n: 3 }, startAfter: new Date(Date.now() + 3_600_000) },
  ]);
  const text = await scrape();
  expect(value(text, 'job_queue_depth{queue="test.metrics-idle"}')).toBe(2);
  const age = value(text, 'job_queue_oldest_job_age_seconds{queue="test.metrics-idle"}')!;
  expect(age).toBeGreaterThanOrEqual(89);
  expect(age).toBeLessThan(200);
});

test("renewals charged and failed, e-mails sent, and the pool on PostgreSQL", async () => {
  const before = await scrape();
  const charged = value(before, 'subscription_renewals_total{outcome="charged"}')!;
  const failed = value(before, 'subscription_renewals_total{outcome="failed"}')!;
  countRenewals(4, 1);
  const sent = value(before, 'emails_sent_total{transport="outbox"}') ?? 0;
  await sendMail({ to: "tui@example.nz", subject: "Hi", text: "Hi", html: "<p>Hi</p>" });
  expect(readdirSync(outbox)).toHaveLength(1);
  const text = await scrape();
  expect(value(text, 'subscription_renewals_total{outcome="charged"}')).toBe(charged + 4);
  expect(value(text, 'subscription_renewals_total{outcome="failed"}')).toBe(failed + 1);
  expect(value(text, 'emails_sent_total{transport="outbox"}')).toBe(sent + 1);
  expect(value(text, 'emails_bounced_total{kind="bounce"}')).toBe(0);
  if (t.handle.kind === "postgres") {
    expect(value(text, 'db_pool_connections{state="max"}')).toBe(5);
    expect(value(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  } else {
    expect(text).not.toContain("db_pool_connections{");
  }
  // No address, token or URL of a request ever appears in the metrics.
  expect(text).not.toContain("tui@example.nz");
});
