// The accounts limits (issue 5 "Security"), kept in the database so every app process shares them:
// sign-in 5 failures a minute per IP (IPv6 by /64) and 10 an hour per account, reset 3 an hour per
// address, sign-up 10 an hour per IP.
import { and, eq } from "drizzle-orm";
import { rateLimits } from "../../../db/schema/index.ts";
import { clientKey } from "../../lib/client-ip.server.ts";
import { db } from "../../lib/db.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";

export const LIMITS = {
  signInPerIp: { limit: 5, windowSeconds: 60 },
  signInPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 3, windowSeconds: 60 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
} as const;

export interface LimitOutcome {
  allowed: boolean;
  retryAfter: number;
}

async function check(
  hits: Promise<{ allowed: boolean; retryAfter: number }>[],
): Promise<LimitOutcome> {
  const results = await Promise.all(hits);
  const refused = results.filter((r) => !r.allowed);
  return {
    allowed: refused.length === 0,
    retryAfter: Math.max(0, ...refused.map((r) => r.retryAfter)),
  };
}

/** Failed sign-ins only count: a household behind one address signing in is never blocked. */
async function failures(bucket: string, key: string, windowSeconds: number, now: number) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db()
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.bucket, bucket),
        eq(rateLimits.key, key),
        eq(rateLimits.windowStart, windowStart),
      ),
    );
  return {
    count: row?.count ?? 0,
    retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}

/** Before a sign-in attempt: refused once the failures reach either limit. */
export async function limitSignIn(ip: string, account: string, now = Date.now()) {
  const { signInPerIp: perIp, signInPerAccount: perAccount } = LIMITS;
  const [byIp, byAccount] = await Promise.all([
    failures("sign-in-ip", clientKey(ip), perIp.windowSeconds, now),
    failures("sign-in-account", account.toLowerCase(), perAccount.windowSeconds, now),
  ]);
  const refused = [
    ...(byIp.count >= perIp.limit ? [byIp.retryAfter] : []),
    ...(byAccount.count >= perAccount.limit ? [byAccount.retryAfter] : []),
  ];
  return { allowed: refused.length === 0, retryAfter: Math.max(0, ...refused) };
}

/** After a failed attempt (wrong password or code). */
export async function recordSignInFailure(ip: string, account: string): Promise<void> {
  const { signInPerIp: perIp, signInPerAccount: perAccount } = LIMITS;
  await Promise.all([
    hitRateLimit("sign-in-ip", clientKey(ip), perIp.limit, perIp.windowSeconds),
    hitRateLimit(
      "sign-in-account",
      account.toLowerCase(),
      perAccount.limit,
      perAccount.windowSeconds,
    ),
  ]);
}

export function limitPasswordReset(email: string): Promise<LimitOutcome> {
  const { limit, windowSeconds } = LIMITS.resetPerAddress;
  return check([hitRateLimit("password-reset", email.toLowerCase(), limit, windowSeconds)]);
}

export function limitSignUp(ip: string): Promise<LimitOutcome> {
  const { limit, windowSeconds } = LIMITS.signUpPerIp;
  return check([hitRateLimit("sign-up-ip", clientKey(ip), limit, windowSeconds)]);
}
