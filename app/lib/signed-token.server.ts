// Signed links (confirm, unsubscribe, survey, a member's tips unsubscribe): the subject and
// purpose, optionally an expiry, HMAC-SHA256 signed with AUTH_SECRET. Nothing is stored; a link
// can't be forged or repurposed.
import { createHmac, timingSafeEqual } from "node:crypto";
import { settings } from "./env.server.ts";

/** Purposes beyond the waitlist's own ("confirm", "unsubscribe", "survey"). */
export const TOKEN_PURPOSES = {
  /** A member's growing-tips unsubscribe; the subject is the user id. */
  memberTipsUnsubscribe: "tips-unsubscribe",
  /** A member's "Your garden this month" unsubscribe; the subject is the user id. */
  memberGardenUnsubscribe: "garden-unsubscribe",
  /** A coaching thread's link in the answer e-mail and text (ADR 070); the subject is the thread id. */
  coachThread: "coach-thread",
  /** A gift buyer's page to manage the gift (ADR 076); the subject is the gift id. */
  giftBuyer: "gift-buyer",
} as const;

interface Payload {
  p: string;
  s: string;
  e?: number;
}

function sign(data: string): string {
  return createHmac("sha256", settings().authSecret).update(data).digest("base64url");
}

export function signToken(purpose: string, subject: string, expiresAt?: Date): string {
  const payload: Payload = {
    p: purpose,
    s: subject,
    ...(expiresAt ? { e: expiresAt.getTime() } : {}),
  };
  const data = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${data}.${sign(`${purpose}:${data}`)}`;
}

/** The subject if the token is genuine, for this purpose and not expired; otherwise null. */
export function verifyToken(
  purpose: string,
  token: string | null | undefined,
  now = Date.now(),
): string | null {
  const read = readToken(purpose, token, now);
  return read && !read.expired ? read.subject : null;
}

/**
 * A genuine token for this purpose, expired or not: a page can then tell someone their link has
 * expired (and, knowing whose it was, offer a fresh one) rather than that it is wrong. Null for
 * anything forged, altered or for another purpose.
 */
export function readToken(
  purpose: string,
  token: string | null | undefined,
  now = Date.now(),
): { subject: string; expired: boolean } | null {
  if (!token || token.length > 2000) return null;
  // Exactly two parts: anything appended would otherwise ride along on a genuine signature.
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [data, signature] = parts;
  if (!data || !signature) return null;
  const expected = Buffer.from(sign(`${purpose}:${data}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as Payload;
    if (payload.p !== purpose || typeof payload.s !== "string") return null;
    return { subject: payload.s, expired: payload.e !== undefined && payload.e < now };
  } catch {
    return null;
  }
}
