// Marks the browser that chose an account's password at sign-up (ADR 020). The confirmation link
// proves the mailbox; this mark proves the password came from whoever opened the link. Opened in
// that browser, the link confirms and signs in with the password chosen there; opened anywhere
// else (another device, a mail scanner, the owner of an address someone else signed up with), it
// leads to choosing the password, and one set before then stops working.
//
// Each entry is an expiry and an HMAC of the account with it. Every sign-up answer adds one, a
// decoy when the address already had an account, so the cookie never tells whether an address
// was new. The last few are kept, for someone making more than one account in a browser.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createCookie } from "react-router";
import { EMAIL_CONFIRM_SECONDS } from "#app/lib/auth.server.ts";
import { settings } from "#app/lib/env.server.ts";

const KEEP = 5;

function cookie() {
  const s = settings();
  return createCookie(s.isProduction ? "__Host-patch.sign_up" : "patch.sign_up", {
    httpOnly: true,
    sameSite: "lax",
    secure: s.isProduction,
    path: "/",
    maxAge: EMAIL_CONFIRM_SECONDS,
  });
}

function entryFor(subject: string, until: number): string {
  const mac = createHmac("sha256", settings().authSecret)
    .update(`sign-up-browser:${subject}:${until}`)
    .digest("base64url");
  return `${until.toString(36)}.${mac}`;
}

function untilOf(entry: string): number {
  return parseInt(entry.split(".")[0] ?? "", 36);
}

async function entriesIn(request: Request | undefined, now: number): Promise<string[]> {
  const value = (await cookie().parse(request?.headers.get("cookie") ?? null)) as unknown;
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is string => typeof e === "string" && e.length < 200)
    .filter((e) => untilOf(e) > now);
}

/** The Set-Cookie for a sign-up answer: this browser chose the password of `userId` (or a decoy). */
export async function markSignUpBrowser(
  request: Request,
  userId: string | null,
  now = Date.now(),
): Promise<string> {
  const entry = entryFor(userId ?? randomUUID(), now + EMAIL_CONFIRM_SECONDS * 1000);
  const entries = [...(await entriesIn(request, now)), entry].slice(-KEEP);
  return cookie().serialize(entries);
}

/** Whether this request comes from the browser that signed `userId` up (within the link's life). */
export async function signedUpInThisBrowser(
  request: Request | undefined,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  for (const entry of await entriesIn(request, now)) {
    const expected = Buffer.from(entryFor(userId, untilOf(entry)));
    const given = Buffer.from(entry);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
  }
  return false;
}
