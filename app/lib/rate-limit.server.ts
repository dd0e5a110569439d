// Fixed-window rate limits kept in the database, so every app process shares the same counters.
import { and, lt, sql, type SQL } from "drizzle-orm";
import { rateLimits } from "#db/schema/index.ts";
import { batched } from "./batch.server.ts";
import { db } from "./db.server.ts";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the window resets: the Retry-After a refused caller gets. */
  retryAfter: number;
}

interface Hit {
  bucket: string;
  key: string;
  windowStart: Date;
}

/**
 * One statement for every hit gathered in a turn of the event loop: hits on the same counter are
 * added together, and each caller gets the count as it would have been after its own hit.
 */
const countHits = batched<Hit, number>(async (hits) => {
  const groups = new Map<string, { hit: Hit; n: number }>();
  const groupKey = (h: Hit) => `${h.bucket}\u0000${h.key}\u0000${h.windowStart.getTime()}`;
  for (const hit of hits) {
    const g = groups.get(groupKey(hit));
    if (g) g.n++;
    else groups.set(groupKey(hit), { hit, n: 1 });
  }
  const list = [...groups.values()];
  const rows = (await db().execute(
    countHitsSql(sql`select * from unnest(
      ${sql.param(list.map((g) => g.hit.bucket))}::text[],
      ${sql.param(list.map((g) => g.hit.key))}::text[],
      ${sql.param(list.map((g) => g.hit.windowStart.toISOString()))}::timestamptz[],
      ${sql.param(list.map((g) => g.n))}::integer[]
    )`),
  )) as unknown as {
    rows: { bucket: string; key: string; window_start: Date | string; count: number }[];
  };
  const totals = new Map<string, number>();
  for (const r of rows.rows) {
    const windowStart = new Date(r.window_start);
    totals.set(groupKey({ bucket: r.bucket, key: r.key, windowStart }), Number(r.count));
  }
  // The j-th hit on a counter in this batch saw the count before the batch plus j.
  const seen = new Map<string, number>();
  return hits.map((hit) => {
    const k = groupKey(hit);
    const j = (seen.get(k) ?? 0) + 1;
    seen.set(k, j);
    const total = totals.get(k) ?? j;
    return total - (groups.get(k)?.n ?? 1) + j;
  });
});

/** The fixed window `now` falls in, and the seconds until it ends (a refused caller's Retry-After). */
export function rateWindow(windowSeconds: number, now = Date.now()) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  return {
    windowStart,
    retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}

export async function hitRateLimit(
  bucket: string,
  key: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const { windowStart, retryAfter } = rateWindow(windowSeconds, now);
  const count = await countHits({ bucket, key, windowStart });
  return { allowed: count <= limit, count, limit, retryAfter };
}

/**
 * The counting statement: `hits` yields (bucket, key, window_start, n) once per counter, and each
 * counter grows by n and is returned (bucket, key, window_start, count) after the hits; the j-th
 * of n hits on a counter saw count - n + j. countHits runs it alone; a caller may also count inside
 * a statement of its own, as a CTE (the waitlist's join).
 */
export function countHitsSql(hits: SQL): SQL {
  return sql`
    insert into rate_limits (bucket, key, window_start, count)
    select * from (${hits}) as h(bucket, key, window_start, n)
    on conflict (bucket, key, window_start)
    do update set count = rate_limits.count + excluded.count
    returning bucket, key, window_start, count`;
}

/** Drops windows that ended more than a day ago. */
export async function pruneRateLimits(now = Date.now()): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(and(lt(rateLimits.windowStart, new Date(now - 86_400_000))));
}
