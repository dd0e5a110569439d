// Google sign-in, the whole redirect flow, against a real OpenID provider run locally: our page
// starts it, the issuer signs the person in, /api/auth/callback/google finishes it, the account
// and profile exist and the waitlist entry is carried over.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contacts, profiles, users } from "#db/schema/index.ts";
import { signInAtIssuer, startOidcIssuer, type TestIssuer } from "#tests/setup/oidc-issuer.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { accountsAuth } from "./accounts-auth.server.ts";
import { getCurrentUser } from "./get-current-user.server.ts";
import { socialProviders, startSocialSignIn } from "./start-social-sign-in.server.ts";

const SITE = "https://patch.test";
let t: TestDatabase;
let issuer: TestIssuer;

beforeAll(async () => {
  issuer = await startOidcIssuer(`${SITE}/api/auth/callback/google`);
  t = await openTestDatabase({
    SITE_URL: SITE,
    GOOGLE_CLIENT_ID: issuer.clientId,
    GOOGLE_CLIENT_SECRET: issuer.clientSecret,
    GOOGLE_ISSUER: issuer.issuer,
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

const cookiesOf = (lines: string[]) => lines.map((c) => c.split(";")[0]).join("; ");

async function googleSignIn(login: string, redirectTo = "/profile") {
  const meta = { request: new Request(`${SITE}/auth`), clientIp: "203.0.113.5" };
  const started = await startSocialSignIn({ provider: "google", meta, redirectTo });
  if (!started.ok) throw new Error(started.message);
  expect(started.url.startsWith(issuer.issuer)).toBe(true);
  const callback = await signInAtIssuer(started.url, login);
  expect(callback.startsWith(`${SITE}/api/auth/callback/google`)).toBe(true);
  // What server/app.ts does with the browser's GET of that link.
  const res = await accountsAuth().handler(
    new Request(callback, {
      headers: { cookie: cookiesOf(started.cookies), "x-patch-client-ip": "203.0.113.5" },
    }),
  );
  return { res, cookies: res.headers.getSetCookie() };
}

test("Google is offered when configured", () => {
  expect(socialProviders()).toEqual(["google"]);
});

test("a first Google sign-in makes the account (verified) and carries the waitlist entry", async () => {
  await db()
    .insert(contacts)
    .values({ id: crypto.randomUUID(), email: "piwakawaka@example.nz", region: "Nelson" });
  const { res, cookies } = await googleSignIn("piwakawaka");
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/auth/callback?redirectTo=%2Fprofile");
  const { user } = await getCurrentUser(
    new Request(`${SITE}/auth/callback`, { headers: { cookie: cookiesOf(cookies) } }),
  );
  expect(user).toMatchObject({ email: "piwakawaka@example.nz", emailVerified: true });
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile).toMatchObject({ onboardingCompleted: true, climateZone: "Nelson" });

  // The second time signs into the same account.
  const again = await googleSignIn("piwakawaka");
  expect(again.res.status).toBe(302);
  expect(
    await db().select().from(users).where(eq(users.email, "piwakawaka@example.nz")),
  ).toHaveLength(1);
});

test("a tampered or replayed callback is refused with the Google failure", async () => {
  const meta = { request: new Request(`${SITE}/auth`), clientIp: "203.0.113.5" };
  const started = await startSocialSignIn({ provider: "google", meta });
  if (!started.ok) throw new Error(started.message);
  const callback = await signInAtIssuer(started.url, "tui");
  // Without the state cookie the browser was given, the callback is not ours to accept.
  const res = await accountsAuth().handler(
    new Request(callback, { headers: { "x-patch-client-ip": "203.0.113.5" } }),
  );
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toMatch(/^\/auth\/callback\?provider=google&error=/);
  expect(MESSAGES.googleFailed).toBe("Failed to sign in with Google");
});
