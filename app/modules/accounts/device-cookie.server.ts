// OWASP's device cookies (ADR 062): a browser that signed in to an account gets a signed cookie
// naming that account and the device. With it, the right password keeps working however many
// failures strangers have run up against the account elsewhere; its own failures are limited per
// device (rate-limits.server.ts). Without it, the account's limit from everywhere holds (NIST
// 800-63B's 100 consecutive failures). Nothing is stored: the signature is the proof.
import { randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { settings } from "#app/lib/env.server.ts";

/** A device is trusted for a year after its last sign-in to the account. */
export const DEVICE_COOKIE_DAYS = 365;

function deviceCookie() {
  const s = settings();
  return createCookie(s.isProduction ? "__Host-patch.device" : "patch.device", {
    httpOnly: true,
    sameSite: "lax",
    secure: s.secureCookies,
    path: "/",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    secrets: [s.authSecret],
  });
}

/**
 * After a sign-in that succeeded: this browser is a device of `userId`'s. One already its device
 * keeps its id, so the device's failure counter follows it.
 */
export async function deviceCookieFor(userId: string, request: Request): Promise<string> {
  const known = await deviceOf(request);
  const device = known?.userId === userId ? known.device : randomUUID();
  return deviceCookie().serialize({ userId, device });
}

/** The device id when the request carries a genuine device cookie of `userId`'s, else null. */
export async function trustedDevice(
  request: Request,
  userId: string | undefined,
): Promise<string | null> {
  if (!userId) return null;
  const known = await deviceOf(request);
  return known?.userId === userId ? known.device : null;
}

async function deviceOf(request: Request): Promise<{ userId: string; device: string } | null> {
  const value = (await deviceCookie().parse(request.headers.get("cookie"))) as unknown;
  if (typeof value !== "object" || value === null) return null;
  const { userId, device } = value as { userId?: unknown; device?: unknown };
  return typeof userId === "string" && typeof device === "string" ? { userId, device } : null;
}
