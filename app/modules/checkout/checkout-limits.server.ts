// The checkout's limits (issue 17, ADR 021), so nobody can take the shop's stock off the shelf by
// starting orders they never pay for: one connection (IPv6 by /64) may start 10 checkouts a minute
// and 30 an hour, and one connection or one e-mail address may have 3 unpaid orders holding stock
// at once. Counters live in PostgreSQL (shared by every app process); open holds are counted from
// the orders themselves, under a lock per buyer, so a burst can't slip past the count.
import { createHmac } from "node:crypto";
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { orders } from "#db/schema/index.ts";
import { clientKey } from "#app/lib/client-ip.server.ts";
import type { Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";

export const CHECKOUT_LIMITS = {
  perAddressPerMinute: { bucket: "checkout-ip-minute", limit: 10, windowSeconds: 60 },
  perAddressPerHour: { bucket: "checkout-ip-hour", limit: 30, windowSeconds: 60 * 60 },
  openHoldsPerBuyer: 3,
} as const;

function wait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export const LIMIT_MESSAGES = {
  tooFast: (retryAfter: number) =>
    `You've started a lot of checkouts in a short time. Nothing has been charged: please try again in ${wait(retryAfter)}.`,
  tooManyHolds: (retryAfter: number) =>
    `You already have ${CHECKOUT_LIMITS.openHoldsPerBuyer} unpaid orders holding items. Please finish paying for one of them, or try again in ${wait(retryAfter)}.`,
};

export type LimitOutcome =
  { allowed: true } | { allowed: false; retryAfter: number; message: string };

/** Counts a checkout started from this address; refused past either window's limit. */
export async function limitCheckoutRate(ip: string, now = new Date()): Promise<LimitOutcome> {
  const key = clientKey(ip);
  const results = await Promise.all(
    [CHECKOUT_LIMITS.perAddressPerMinute, CHECKOUT_LIMITS.perAddressPerHour].map((w) =>
      hitRateLimit(w.bucket, key, w.limit, w.windowSeconds, now.getTime()),
    ),
  );
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true };
  const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
  return { allowed: false, retryAfter, message: LIMIT_MESSAGES.tooFast(retryAfter) };
}

/** The order's record of where it came from: keyed, so the table holds no addresses. */
export function clientKeyHash(ip: string): string {
  return createHmac("sha256", settings().authSecret)
    .update(`checkout-client:${clientKey(ip)}`)
    .digest("base64url");
}

/**
 * Inside the transaction that is about to take stock for a buyer: refused while the buyer (their
 * connection or their e-mail address) has as many unpaid orders holding stock as allowed. Until
 * that transaction ends, the buyer's other checkouts wait here, so a burst counts one at a time.
 */
export async function checkOpenHolds(
  tx: Database,
  buyer: { clientKeyHash: string; email: string },
  now = new Date(),
): Promise<LimitOutcome> {
  const locks = [
    `checkout-holds:client:${buyer.clientKeyHash}`,
    `checkout-holds:email:${buyer.email}`,
  ];
  // Always in the same order, so two checkouts sharing one of the keys can't deadlock.
  for (const key of locks.sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const open = await tx
    .select({ expiresAt: orders.expiresAt })
    .from(orders)
    .where(
      and(
        or(eq(orders.clientKeyHash, buyer.clientKeyHash), eq(orders.email, buyer.email)),
        // As the partial indexes say it, so the planner can use them.
        sql`${orders.status} in ('pending_payment', 'payment_failed')`,
        isNull(orders.stockReleasedAt),
        gt(orders.expiresAt, now),
      ),
    )
    .orderBy(asc(orders.expiresAt));
  const limit = CHECKOUT_LIMITS.openHoldsPerBuyer;
  if (open.length < limit) return { allowed: true };
  // Free again once enough of them have ended: the hold that brings the count below the limit.
  const freeAt = open[open.length - limit]!.expiresAt;
  const retryAfter = Math.max(1, Math.ceil((freeAt.getTime() - now.getTime()) / 1000));
  return { allowed: false, retryAfter, message: LIMIT_MESSAGES.tooManyHolds(retryAfter) };
}
