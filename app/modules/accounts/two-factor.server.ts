// Two-factor sign-in with an authenticator app (TOTP) and recovery codes, set up from the profile
// (better-auth's two-factor plugin). Turning it on or off needs the password and a recent sign-in.
// Wrong codes count like wrong passwords: per IP, and per account (from this IP, and from all).
import { isAdminUser, roleOf } from "./get-current-user.server.ts";
import { createCookie } from "react-router";
import { TWO_FACTOR_PENDING_SECONDS } from "#app/lib/auth.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { signedInRecently } from "./get-current-user.server.ts";
import { done, refusedByLimit, signInAgain, signedIn, wrongField } from "./outcome.ts";
import type { AccountsOutcome } from "./outcome.ts";
import { limitSignIn, recordSignInFailure } from "./rate-limits.server.ts";
import { deviceCookieFor } from "./device-cookie.server.ts";
import { findUserByEmail } from "./find-user-by-email.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";

export type TwoFactorSetup =
  | { ok: true; totpUri: string; secret: string; backupCodes: string[] }
  | { ok: false; message: string; reauth?: boolean; field?: string };

const stale = { ok: false as const, message: MESSAGES.reauthRequired, reauth: true };

/** A change to two-factor from the profile: needs a recent sign-in, and the password or a code. */
interface TwoFactorChange {
  user: { signedInAt: string };
  meta: RequestMeta;
}

/** Step 1: a new secret and recovery codes; two-factor is on once a code from the app is entered. */
export async function startTwoFactorSetup({
  user,
  password,
  meta,
}: TwoFactorChange & { password: unknown }): Promise<TwoFactorSetup> {
  if (!signedInRecently(user)) return stale;
  if (typeof password !== "string" || !password) {
    return { ok: false, message: "Please enter your password.", field: "password" };
  }
  try {
    const result = await accountsAuth().api.enableTwoFactor({
      body: { password },
      headers: authHeaders(meta),
    });
    if (!("totpURI" in result)) return { ok: false, message: "Something went wrong." };
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    return { ok: true, totpUri: result.totpURI, secret, backupCodes: result.backupCodes };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === undefined) throw error;
    if (code === "INVALID_PASSWORD") {
      return { ok: false, message: MESSAGES.wrongCurrentPassword, field: "password" };
    }
    if (code === "TOTP_ALREADY_ENABLED") return { ok: false, message: MESSAGES.twoFactorEnabled };
    return { ok: false, message: "We couldn't start two-factor set-up. Please try again." };
  }
}

/** Step 2: the first code from the app turns two-factor on (and renews the session). */
export function confirmTwoFactorSetup({ code, ...change }: TwoFactorChange & { code: unknown }) {
  const value = typeof code === "string" ? code.replace(/\s/g, "") : "";
  return switchTwoFactor(
    change,
    (headers) =>
      accountsAuth().api.verifyTOTP({ body: { code: value }, headers, returnHeaders: true }),
    MESSAGES.twoFactorEnabled,
    wrongField("code", MESSAGES.twoFactorCodeWrong),
  );
}

export function disableTwoFactor({ password, ...change }: TwoFactorChange & { password: unknown }) {
  return switchTwoFactor(
    change,
    (headers) =>
      accountsAuth().api.disableTwoFactor({
        body: { password: typeof password === "string" ? password : "" },
        headers,
        returnHeaders: true,
      }),
    MESSAGES.twoFactorDisabled,
    wrongField("twoFactorPassword", MESSAGES.wrongCurrentPassword),
  );
}

/**
 * Turning two-factor on or off: only after a recent sign-in; it renews the session, so the answer
 * is `message` with the new cookies, or `refused` when better-auth says no (a wrong code or
 * password). `change` is better-auth's call, given the request's headers.
 */
async function switchTwoFactor(
  { user, meta }: TwoFactorChange,
  change: (headers: Headers) => Promise<{ headers: Headers }>,
  message: string,
  refused: AccountsOutcome,
): Promise<AccountsOutcome> {
  if (!signedInRecently(user)) return signInAgain;
  try {
    return done(message, setCookies((await change(authHeaders(meta))).headers));
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return refused;
  }
}

// better-auth's own two-factor cookie names only a stored challenge; this one, signed, says which
// account the half-finished sign-in is for, so that its wrong codes count against the account.
function pendingAccountCookie() {
  const s = settings();
  return createCookie(
    s.isProduction ? "__Host-patch.two_factor_account" : "patch.two_factor_account",
    {
      httpOnly: true,
      sameSite: "lax",
      secure: s.isProduction,
      path: "/",
      maxAge: TWO_FACTOR_PENDING_SECONDS,
      secrets: [s.authSecret],
    },
  );
}

/** Set with better-auth's two-factor cookie when the password was right (sign-in.server.ts). */
export function twoFactorPendingCookie(account: string, now = Date.now()): Promise<string> {
  return pendingAccountCookie().serialize({
    account,
    until: now + TWO_FACTOR_PENDING_SECONDS * 1000,
  });
}

async function pendingAccount(request: Request, now = Date.now()): Promise<string | null> {
  const value = (await pendingAccountCookie().parse(request.headers.get("cookie"))) as unknown;
  if (typeof value !== "object" || value === null) return null;
  const { account, until } = value as { account?: unknown; until?: unknown };
  return typeof account === "string" && typeof until === "number" && until > now ? account : null;
}

/** Sign-in, second step: a 6-digit code from the app, or one of the recovery codes. */
export async function verifyTwoFactorSignIn({
  input,
  meta,
  redirectTo,
}: {
  input: { code?: unknown };
  meta: RequestMeta;
  redirectTo?: string | null;
}): Promise<AccountsOutcome> {
  const code = typeof input.code === "string" ? input.code.replace(/\s/g, "") : "";
  const account = await pendingAccount(meta.request);
  if (!account)
    return { ok: false, code: "unauthorized", message: MESSAGES.twoFactorExpired, reauth: true };
  const limit = await limitSignIn(meta.clientIp, account, "two-factor");
  if (!limit.allowed) return refusedByLimit(limit);
  const auth = accountsAuth();
  const headers = authHeaders(meta);
  try {
    const answer = /^\d{6}$/.test(code)
      ? await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
    const cleared = await pendingAccountCookie().serialize("", { maxAge: 0 });
    const user = await findUserByEmail(account);
    const device = user ? [await deviceCookieFor(user.id, meta.request)] : [];
    const admin = user ? isAdminUser({ ...user, role: await roleOf(user.id) }) : false;
    return signedIn([...setCookies(answer.headers), cleared, ...device], redirectTo, admin);
  } catch (error) {
    const reason = authErrorCode(error);
    if (reason === undefined) throw error;
    await recordSignInFailure(meta.clientIp, account, "two-factor");
    if (reason === "INVALID_TWO_FACTOR_COOKIE" || reason === "UNAUTHORIZED") {
      return { ok: false, code: "unauthorized", message: MESSAGES.twoFactorExpired, reauth: true };
    }
    return wrongField("code", MESSAGES.twoFactorCodeWrong);
  }
}
