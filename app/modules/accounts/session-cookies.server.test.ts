// In production the session cookie is HttpOnly, SameSite=Lax, Secure and __Secure- prefixed, and
// every sign-in gets a new session token.
import { afterAll, beforeAll, expect, test } from "vitest";
import { confirmedAccount } from "#tests/factories/accounts.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { signIn } from "./sign-in.server.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase({
    APP_ENV: "production",
    SITE_URL: "https://patch.nz",
    AUTH_SECRET: "a-production-like-secret-of-enough-length-0123",
    ADMIN_EMAILS: "admin@example.com,ops@example.com,grow@example.com",
    MAIL_OUTBOX_DIR: "/tmp/patch-cookie-test-mail",
  });
});
afterAll(async () => {
  await t.close();
});

test("production session cookies", async () => {
  const email = "huia@example.nz";
  const password = "huia feathers are sacred";
  await confirmedAccount(email, password);
  const meta = { request: new Request("https://patch.nz/auth"), clientIp: "203.0.113.9" };
  const first = await signIn({ input: { email, password }, meta });
  const second = await signIn({ input: { email, password }, meta });
  if (!first.ok || !second.ok) throw new Error("sign-in failed");
  const cookie = first.cookies.find((c) => c.startsWith("__Secure-patch.session_token="));
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/; HttpOnly/i);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/; SameSite=Lax/i);
  expect(cookie).toMatch(/; Path=\//i);
  // 7 days: the inactivity limit (each use within it slides the expiry).
  expect(cookie).toMatch(/Max-Age=604800/i);
  const token = (cookies: string[]) =>
    cookies.find((c) => c.startsWith("__Secure-patch.session_token="))?.split(";")[0];
  expect(token(second.cookies)).not.toBe(token(first.cookies));
});
