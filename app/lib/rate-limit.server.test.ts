import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { hitRateLimit, pruneRateLimits } from "./rate-limit.server.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

test("counts per key within a window and refuses past the limit", async () => {
  const now = Date.UTC(2026, 10, 21, 10, 0, 5);
  for (let i = 1; i <= 3; i++) {
    const r = await hitRateLimit("test", "1.2.3.4", 3, 60, now);
    expect(r).toMatchObject({ allowed: true, count: i });
  }
  const refused = await hitRateLimit("test", "1.2.3.4", 3, 60, now);
  expect(refused.allowed).toBe(false);
  expect(refused.retryAfter).toBe(55);
  expect((await hitRateLimit("test", "5.6.7.8", 3, 60, now)).allowed).toBe(true);
  // The next window starts afresh.
  expect((await hitRateLimit("test", "1.2.3.4", 3, 60, now + 60_000)).count).toBe(1);
});

test("concurrent hits are all counted", async () => {
  const now = Date.UTC(2026, 10, 21, 11, 0, 0);
  const results = await Promise.all(
    Array.from({ length: 20 }, () => hitRateLimit("burst", "k", 10, 60, now)),
  );
  expect(results.filter((r) => r.allowed)).toHaveLength(10);
  // Gathered into one statement, each hit still sees its own place in the count.
  expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
});

test("one batch of hits on several counters and windows counts each on its own", async () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  await hitRateLimit("mixed", "a", 5, 60, now);
  const results = await Promise.all([
    hitRateLimit("mixed", "a", 5, 60, now),
    hitRateLimit("mixed", "b", 5, 60, now),
    hitRateLimit("mixed", "a", 5, 60, now),
    hitRateLimit("other", "a", 5, 60, now),
    hitRateLimit("mixed", "a", 5, 60, now + 60_000),
  ]);
  expect(results.map((r) => r.count)).toEqual([2, 1, 3, 1, 1]);
});

test("old windows are pruned", async () => {
  const old = Date.UTC(2026, 0, 1);
  await hitRateLimit("prune", "k", 1, 60, old);
  await pruneRateLimits(Date.UTC(2026, 0, 3));
  expect((await hitRateLimit("prune", "k", 1, 60, old)).count).toBe(1);
});
