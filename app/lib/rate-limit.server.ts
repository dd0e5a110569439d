// Fixed-window rate limits kept in the database, so every app process shares the same counters.
import { and, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema/index.ts";
import { db } from "./db.server.ts";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the window resets: the Retry-After a refused caller gets. */
  retryAfter: number;
}

export async function hitRateLimit(
  bucket: string,
  key: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db()
    .insert(rateLimits)
    .values({ bucket, key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return {
    allowed: count <= limit,
    count,
    limit,
    retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}

/** Drops windows that ended more than a day ago. */
export async function pruneRateLimits(now = Date.now()): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(and(lt(rateLimits.windowStart, new Date(now - 86_400_000))));
}
