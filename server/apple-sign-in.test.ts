// Sign in with Apple, the whole flow, against a real OpenID provider run locally that behaves as
// Apple does: our page starts it, the issuer signs the person in and posts the answer back to
// /api/auth/callback/apple (response_mode=form_post), our auth routes take that cross-site POST,
// and the browser lands signed in with the waitlist entry carried over.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contacts, profiles } from "#db/schema/index.ts";
import { authRoutes } from "./auth-routes.ts";
import {
  CookieJar,
  signInAtIssuerFor,
  startOidcIssuer,
  type TestIssuer,
} from "#tests/setup/oidc-issuer.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import {
  socialProviders,
  startSocialSignIn,
} from "#app/modules/accounts/start-social-sign-in.server.ts";

const SITE = "https://patch.test";
let t: TestDatabase;
let issuer: TestIssuer;

beforeAll(async () => {
  issuer = await startOidcIssuer(`${SITE}/api/auth/callback/apple`, "apple");
  t = await openTestDatabase({
    SITE_URL: SITE,
    APPLE_CLIENT_ID: issuer.clientId,
    APPLE_CLIENT_SECRET: issuer.clientSecret,
    APPLE_ISSUER: issuer.issuer,
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

/** Our /api/auth routes as server/app.ts mounts them (the client address set by its middleware). */
function authApp() {
  const app = new Hono<{ Variables: { clientIp: string } }>();
  app.use(async (c, next) => {
    c.set("clientIp", "203.0.113.9");
    await next();
  });
  app.route("/api/auth", authRoutes());
  return app;
}

test("Apple is offered when configured", () => {
  expect(socialProviders()).toEqual(["apple"]);
});

test("Apple's form POST comes back through our routes and signs the person in", async () => {
  await db()
    .insert(contacts)
    .values({ id: crypto.randomUUID(), email: "kaka@example.nz", region: "Tasman" });
  const jar = new CookieJar();
  const started = await startSocialSignIn({
    provider: "apple",
    meta: { request: new Request(`${SITE}/auth`), clientIp: "203.0.113.9" },
    redirectTo: "/profile",
  });
  if (!started.ok) throw new Error(started.message);
  const authorize = new URL(started.url);
  expect(authorize.origin).toBe(issuer.issuer);
  expect(authorize.searchParams.get("response_mode")).toBe("form_post");
  expect(authorize.searchParams.get("scope")?.split(" ")).toEqual(
    expect.arrayContaining(["openid", "email", "name"]),
  );
  for (const line of started.cookies)
    jar.store(new Response(null, { headers: { "set-cookie": line } }));

  const answer = await signInAtIssuerFor(started.url, "kaka");
  expect(answer).toMatchObject({ method: "POST", url: `${SITE}/api/auth/callback/apple` });
  if (answer.method !== "POST") return;

  // A cross-site POST: the browser doesn't send our SameSite=Lax cookies with it.
  const app = authApp();
  const posted = await app.request(answer.url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: issuer.issuer },
    body: answer.body,
  });
  expect(posted.status).toBe(302);
  // better-auth turns it into a same-site GET, which carries the cookies.
  const again = new URL(posted.headers.get("location")!, SITE);
  const finished = await app.request(again.toString(), { headers: { cookie: jar.header() } });
  expect(finished.status).toBe(302);
  expect(finished.headers.get("location")).toBe("/auth/callback?redirectTo=%2Fprofile");
  jar.store(finished);

  const { user } = await getCurrentUser(
    new Request(`${SITE}/auth/callback`, { headers: { cookie: jar.header() } }),
  );
  expect(user).toMatchObject({ email: "kaka@example.nz", emailVerified: true });
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile).toMatchObject({ onboardingCompleted: true, climateZone: "Tasman" });
});

test("a forged Apple answer without the sign-in's state cookie is refused", async () => {
  const started = await startSocialSignIn({
    provider: "apple",
    meta: {
      request: new Request(`${SITE}/auth`),
      clientIp: "203.0.113.9",
    },
  });
  if (!started.ok) throw new Error(started.message);
  const answer = await signInAtIssuerFor(started.url, "tui");
  if (answer.method !== "POST") throw new Error("expected a form POST");
  const app = authApp();
  const posted = await app.request(answer.url, { method: "POST", body: answer.body });
  const location = new URL(posted.headers.get("location")!, SITE);
  const finished = await app.request(location.toString());
  expect(finished.status).toBe(302);
  expect(finished.headers.get("location")).toMatch(/^\/auth\/callback\?provider=apple&error=/);
});
