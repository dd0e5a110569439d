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
  /** A member's coach thread, opened from the answer e-mail or text; the subject is the thread id. */
  coachThread: "coach-thread",
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
    if (payload.e !== undefined && payload.e < now) return null;
    return payload.s;
  } catch {
    return null;
  }
}
