// The shared counter at its edges (issue 17): the window a moment falls in, what a refused caller
// is told to wait, and which windows pruning keeps.
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { hitRateLimit, pruneRateLimits, rateWindow } from "./rate-limit.server.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

test("a window starts on its boundary and says how long is left of it", () => {
  const hour = Date.UTC(2026, 10, 24, 10, 0, 0);
  expect(rateWindow(3600, hour)).toEqual({ windowStart: new Date(hour), retryAfter: 3600 });
  expect(rateWindow(3600, hour + 1)).toEqual({ windowStart: new Date(hour), retryAfter: 3600 });
  expect(rateWindow(60, hour + 59_001)).toEqual({ windowStart: new Date(hour), retryAfter: 1 });
  expect(rateWindow(60, hour + 60_000).windowStart).toEqual(new Date(hour + 60_000));
});

test("the limit itself is allowed, one more is not, and each answer says where it stands", async () => {
  const now = Date.UTC(2026, 10, 24, 11, 0, 30);
  expect(await hitRateLimit("edge", "k", 2, 60, now)).toEqual({
    allowed: true,
    count: 1,
    limit: 2,
    retryAfter: 30,
  });
  expect((await hitRateLimit("edge", "k", 2, 60, now)).allowed).toBe(true);
  expect(await hitRateLimit("edge", "k", 2, 60, now)).toEqual({
    allowed: false,
    count: 3,
    limit: 2,
    retryAfter: 30,
  });
});

test("pruning drops windows older than a day and keeps the rest", async () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  await hitRateLimit("prune-edge", "old", 5, 60, now - 25 * 3_600_000);
  await hitRateLimit("prune-edge", "recent", 5, 60, now - 23 * 3_600_000);
  await hitRateLimit("prune-edge", "now", 5, 60, now);
  await pruneRateLimits(now);
  expect((await hitRateLimit("prune-edge", "old", 5, 60, now - 25 * 3_600_000)).count).toBe(1);
  expect((await hitRateLimit("prune-edge", "recent", 5, 60, now - 23 * 3_600_000)).count).toBe(2);
  expect((await hitRateLimit("prune-edge", "now", 5, 60, now)).count).toBe(2);
});
