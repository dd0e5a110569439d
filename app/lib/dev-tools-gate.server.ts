// Who may open the development pages (/_dev/mail, the file outbox's mailbox, and /_dev/crash):
// whoever has the key the server prints at start (server/startup-notice.ts). Reading the mail so
// needs the server's console, as reading the outbox folder needs its files; a stranger gets the
// site's 404. Never in production, and not when mail goes out by SMTP (there is no outbox then).
import { createHmac, timingSafeEqual } from "node:crypto";
import { data, redirect } from "react-router";
import { settings as currentSettings, type Settings } from "./env.server.ts";

const COOKIE = "patch.dev-tools";
/** Derived from AUTH_SECRET, so every process and every restart agrees on it. */
const KEY_LABEL = "patch dev-tools key v1";
const COOKIE_SECONDS = 30 * 24 * 60 * 60;

/** The key, or undefined where the development pages don't exist. */
export function devToolsKey(s: Settings): string | undefined {
  if (s.isProduction || s.smtpUrl) return undefined;
  return createHmac("sha256", s.authSecret).update(KEY_LABEL).digest("base64url");
}

/** The link printed at start: opening it once keeps the key in a cookie for the other pages. */
export function mailboxUrl(s: Settings): string | undefined {
  const key = devToolsKey(s);
  return key && `${s.siteUrl}/_dev/mail?key=${key}`;
}

/**
 * For the development pages' loaders: returns when the request carries the key (its cookie);
 * throws the site's 404 otherwise, or, for a link with the right key, a redirect to the same page
 * without it (so it stays out of the address bar and history) that sets the cookie.
 */
export function requireDevTools(request: Request, s: Settings = currentSettings()): void {
  const key = devToolsKey(s);
  if (!key) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const given = url.searchParams.get("key");
  if (given !== null) {
    if (!sameKey(given, key)) throw data(null, { status: 404 });
    url.searchParams.delete("key");
    const flags = `Path=/_dev; HttpOnly; SameSite=Strict; Max-Age=${COOKIE_SECONDS}`;
    throw redirect(url.pathname + url.search, {
      status: 303,
      headers: { "Set-Cookie": `${COOKIE}=${key}; ${flags}${s.secureCookies ? "; Secure" : ""}` },
    });
  }
  if (!sameKey(readCookie(request.headers.get("cookie")), key)) throw data(null, { status: 404 });
}

function readCookie(header: string | null): string {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return value.join("=");
  }
  return "";
}

function sameKey(given: string, key: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
