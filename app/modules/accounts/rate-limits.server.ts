// The accounts limits (issue 5 "Security", issue 17, ADR 020), kept in the database so every app
// process shares them. Failed sign-ins (password, texted code or two-factor code) slow the
// guesser, not the owner: 5 a minute per IP (IPv6 by /64), 10 an hour per account from one IP, and
// only far more (100 an hour) per account from everywhere, a lock a password reset lifts, and which
// a browser that signed in to the account before passes by (10 failures an hour per such device,
// OWASP's device cookies, ADR 062); two-factor
// codes (whose guesser already has the password) 10 an hour per account from everywhere. Reset
// e-mails 3 an hour per address and 10 an hour per connection; sign-ups (and waitlist conversions) 10 an hour per IP. Texted
// codes, which cost money and can be pumped to premium numbers: 3 per number every 15 minutes, 5 an
// hour per account, 10 an hour per IP, and SMS_CODES_PER_DAY from everyone together.
import { and, eq, inArray, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema/index.ts";
import { clientKey } from "#app/lib/client-ip.server.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { hitRateLimit, rateWindow } from "#app/lib/rate-limit.server.ts";

export const LIMITS = {
  signInPerIp: { limit: 5, windowSeconds: 60 },
  signInPerAccountAndIp: { limit: 10, windowSeconds: 60 * 60 },
  signInPerAccount: { limit: 100, windowSeconds: 60 * 60 },
  /** Failures from a device the account signed in on before (device-cookie.server.ts). */
  signInPerDevice: { limit: 10, windowSeconds: 60 * 60 },
  twoFactorPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 3, windowSeconds: 60 * 60 },
  /** One connection can't have the site e-mail every member (ADR 062). */
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  textsPerNumber: { limit: 3, windowSeconds: 15 * 60 },
  textsPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  textsPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** The limit itself is a setting (SMS_CODES_PER_DAY). */
  textsPerDay: { windowSeconds: 24 * 60 * 60 },
} as const;

const BUCKETS = {
  ip: "sign-in-ip",
  accountAndIp: "sign-in-account-ip",
  account: "sign-in-account",
  twoFactorAccount: "two-factor-account",
  device: "sign-in-device",
} as const;

/** What was tried: a password or texted code, or a two-factor code (tighter per account). */
export type SignInStep = "password" | "two-factor";

export interface LimitOutcome {
  allowed: boolean;
  retryAfter: number;
}

export interface SignInLimit extends LimitOutcome {
  /** The account itself is locked (from everywhere, or from this IP): a password reset lifts it. */
  accountLocked: boolean;
  /** The device this attempt was trusted as, whose own counter a failure then goes to. */
  device?: string;
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

// Stryker disable next-line MethodExpression: upper case would normalise just as well
const accountKey = (account: string) => account.trim().toLowerCase();
// The account first, so a reset can clear every IP's counter for it by prefix.
const accountAndIpKey = (account: string, ip: string) => `${accountKey(account)} ${clientKey(ip)}`;

/** A counter as it stands, without adding to it. */
async function currentCount(bucket: string, key: string, windowSeconds: number, now: number) {
  const { windowStart, retryAfter } = rateWindow(windowSeconds, now);
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
  return { count: row?.count ?? 0, retryAfter };
}

/** Before a sign-in attempt: refused once the failures reach any of the limits. */
export async function limitSignIn(
  ip: string,
  account: string,
  // Stryker disable next-line StringLiteral: any step but "two-factor" is a password's
  step: SignInStep = "password",
  now = Date.now(),
  /** A genuine device cookie of this account's (device-cookie.server.ts), if the browser sent one. */
  device?: string | null,
): Promise<SignInLimit> {
  const { signInPerIp, signInPerAccountAndIp, signInPerAccount, twoFactorPerAccount } = LIMITS;
  if (device && step === "password") {
    // The account's own device answers only to its own counter, so strangers' failures elsewhere
    // can't lock the owner out (OWASP's device cookies). Past its limit it is a stranger too.
    const { signInPerDevice } = LIMITS;
    const byDevice = await currentCount(BUCKETS.device, device, signInPerDevice.windowSeconds, now);
    if (byDevice.count < signInPerDevice.limit)
      return { allowed: true, retryAfter: 0, accountLocked: false, device };
  }
  const perAccount = step === "two-factor" ? twoFactorPerAccount : signInPerAccount;
  const [byIp, byAccountAndIp, byAccount] = await Promise.all([
    // Failed sign-ins only count: a household behind one address signing in is never blocked.
    currentCount(BUCKETS.ip, clientKey(ip), signInPerIp.windowSeconds, now),
    currentCount(
      BUCKETS.accountAndIp,
      accountAndIpKey(account, ip),
      signInPerAccountAndIp.windowSeconds,
      now,
    ),
    currentCount(
      step === "two-factor" ? BUCKETS.twoFactorAccount : BUCKETS.account,
      accountKey(account),
      perAccount.windowSeconds,
      now,
    ),
  ]);
  const ipRefused = byIp.count >= signInPerIp.limit;
  const accountRefused = [
    ...(byAccountAndIp.count >= signInPerAccountAndIp.limit ? [byAccountAndIp.retryAfter] : []),
    ...(byAccount.count >= perAccount.limit ? [byAccount.retryAfter] : []),
  ];
  const waits = [...(ipRefused ? [byIp.retryAfter] : []), ...accountRefused];
  return {
    allowed: waits.length === 0,
    retryAfter: Math.max(0, ...waits),
    accountLocked: accountRefused.length > 0,
  };
}

/** After a failed attempt (wrong password or code). */
export async function recordSignInFailure(
  ip: string,
  account: string,
  // Stryker disable next-line StringLiteral: any step but "two-factor" is a password's
  step: SignInStep = "password",
  /** The trusted device the attempt came from (SignInLimit.device): only its counter and the IP's. */
  device?: string,
): Promise<void> {
  const { signInPerIp, signInPerAccountAndIp, signInPerAccount, twoFactorPerAccount } = LIMITS;
  if (device) {
    const { signInPerDevice } = LIMITS;
    await Promise.all([
      hitRateLimit(BUCKETS.ip, clientKey(ip), signInPerIp.limit, signInPerIp.windowSeconds),
      hitRateLimit(BUCKETS.device, device, signInPerDevice.limit, signInPerDevice.windowSeconds),
    ]);
    return;
  }
  await Promise.all([
    hitRateLimit(BUCKETS.ip, clientKey(ip), signInPerIp.limit, signInPerIp.windowSeconds),
    hitRateLimit(
      BUCKETS.accountAndIp,
      accountAndIpKey(account, ip),
      signInPerAccountAndIp.limit,
      signInPerAccountAndIp.windowSeconds,
    ),
    hitRateLimit(
      BUCKETS.account,
      accountKey(account),
      signInPerAccount.limit,
      signInPerAccount.windowSeconds,
    ),
    ...(step === "two-factor"
      ? [
          hitRateLimit(
            BUCKETS.twoFactorAccount,
            accountKey(account),
            twoFactorPerAccount.limit,
            twoFactorPerAccount.windowSeconds,
          ),
        ]
      : []),
  ]);
}

/**
 * The owner proved the mailbox with a fresh e-mail link (a password reset): whatever guessers did
 * to the account's counters no longer holds them back. Per-IP counters stay.
 */
export async function liftSignInLock(account: string): Promise<void> {
  const key = accountKey(account);
  await db()
    .delete(rateLimits)
    .where(
      and(
        inArray(rateLimits.bucket, [
          BUCKETS.account,
          BUCKETS.accountAndIp,
          BUCKETS.twoFactorAccount,
        ]),
        sql`(${rateLimits.key} = ${key} or starts_with(${rateLimits.key}, ${`${key} `}))`,
      ),
    );
}

/** Per address, and per connection when a request asks (an admin's resend has none). */
export function limitPasswordReset(email: string, ip?: string): Promise<LimitOutcome> {
  const { resetPerAddress, resetPerIp } = LIMITS;
  return check([
    // Stryker disable next-line StringLiteral,MethodExpression: a bucket name need only differ from the others; upper case would normalise just as well
    hitRateLimit(
      "password-reset",
      email.toLowerCase(),
      resetPerAddress.limit,
      resetPerAddress.windowSeconds,
    ),
    ...(ip === undefined
      ? []
      : [
          // Stryker disable next-line StringLiteral: a bucket name need only differ from the others
          hitRateLimit(
            "password-reset-ip",
            clientKey(ip),
            resetPerIp.limit,
            resetPerIp.windowSeconds,
          ),
        ]),
  ]);
}

export function limitSignUp(ip: string): Promise<LimitOutcome> {
  const { limit, windowSeconds } = LIMITS.signUpPerIp;
  // Stryker disable next-line StringLiteral: a bucket name need only differ from the others
  return check([hitRateLimit("sign-up-ip", clientKey(ip), limit, windowSeconds)]);
}

/** Before texting a code, per IP and (signed in) per account: every request counts. */
export function limitTextRequests(ip: string, userId?: string): Promise<LimitOutcome> {
  const { textsPerIp, textsPerAccount } = LIMITS;
  return check([
    hitRateLimit("sms-send-ip", clientKey(ip), textsPerIp.limit, textsPerIp.windowSeconds),
    ...(userId
      ? [
          hitRateLimit(
            "sms-send-account",
            userId,
            textsPerAccount.limit,
            textsPerAccount.windowSeconds,
          ),
        ]
      : []),
  ]);
}

/** A text to this number now: counted per number, then against the day's budget. */
export async function takeTextToNumber(phone: string): Promise<LimitOutcome> {
  const { textsPerNumber, textsPerDay } = LIMITS;
  const perNumber = await hitRateLimit(
    "sms-send",
    phone,
    textsPerNumber.limit,
    textsPerNumber.windowSeconds,
  );
  if (!perNumber.allowed) return perNumber;
  return check([
    hitRateLimit("sms-send-day", "all", settings().smsCodesPerDay, textsPerDay.windowSeconds),
  ]);
}

/** Whether any of today's budget of texted codes is left, without spending it. */
export async function textBudgetLeft(now = Date.now()): Promise<LimitOutcome> {
  const { count, retryAfter } = await currentCount(
    "sms-send-day",
    "all",
    LIMITS.textsPerDay.windowSeconds,
    now,
  );
  const allowed = count < settings().smsCodesPerDay;
  return { allowed, retryAfter: allowed ? 0 : retryAfter };
}
