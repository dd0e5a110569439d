// A page of an admin list (the gifts, the subscriptions, the waitlist's contacts): its rows, one
// page's worth of the list's own ordered and filtered query, and how many match in all, counted
// with the same filter, in parallel.
import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db } from "./db.server.ts";

/** A select that is ordered and filtered, still without its page. */
interface Pageable<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

export async function listPage<R>(
  rows: Pageable<R>,
  {
    from,
    where,
    page,
    size,
  }: { from: PgTable; where: SQL | undefined; page: number; size: number },
) {
  const [found, [total]] = await Promise.all([
    rows.limit(size).offset((page - 1) * size),
    db().select({ n: count() }).from(from).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows: found, total: n, page, pages: Math.max(1, Math.ceil(n / size)) };
}
