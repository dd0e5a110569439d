// The cookie that carries a share code from /r/{code} to the waitlist join (ADR 037): HttpOnly,
// SameSite=Lax, 30 days, Secure where the browser keeps Secure cookies.
import { settings } from "#app/lib/env.server.ts";
import { readReferralCode } from "./referral-code.server.ts";

export const REFERRAL_COOKIE = "patch_ref";
const MAX_AGE = 30 * 86_400;

/** The Set-Cookie value for a code; null for one that can't be a code. */
export function referralCookie(raw: unknown): string | null {
  const code = readReferralCode(raw);
  if (!code) return null;
  const secure = settings().secureCookies ? "; Secure" : "";
  return `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}

/** The code a request's Cookie header carries, if any. */
export function referralCodeFrom(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === REFERRAL_COOKIE) return readReferralCode(value.join("="));
  }
  return null;
}
