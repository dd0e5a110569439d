// Changes that need a sign-in within the last 10 minutes (issue 17): deleting the account, and
// confirming or turning off two-factor sign-in, through the profile pages' actions on a real
// database. A session older than that is refused with the offer to sign in again, and nothing
// changes; the same request on a fresh session goes through.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sessions, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { MESSAGES } from "#app/modules/accounts/accounts.schema.ts";
import { accountsAuth } from "#app/modules/accounts/accounts-auth.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";
import { verifyTwoFactorSignIn } from "#app/modules/accounts/two-factor.server.ts";
import { action as privacyAction } from "#app/routes/profile/privacy.tsx";
import { action as securityAction } from "#app/routes/profile/security.tsx";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

const SITE = "https://patch.test";
const PASSWORD = "pukeko in the raupo";
let t: TestDatabase;
let ip = 0;

beforeAll(async () => {
  t = await openTestDatabase({
    SITE_URL: SITE,
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-mail-")),
  });
});
afterAll(async () => {
  await t.close();
});

const jar = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");
const meta = (cookie = "") => ({
  request: new Request(`${SITE}/auth`, { headers: cookie ? { cookie } : {} }),
  clientIp: `203.0.113.${++ip % 250}`,
});

async function member(email: string): Promise<string> {
  await accountsAuth().api.signUpEmail({ body: { email, password: PASSWORD, name: "" } });
  await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
  return freshSession(email);
}

async function freshSession(email: string): Promise<string> {
  const outcome = await signIn({ input: { email, password: PASSWORD }, meta: meta() });
  if (!outcome.ok) throw new Error(outcome.message);
  return jar(outcome.cookies);
}

/** The session was started 11 minutes ago. */
async function age(cookie: string): Promise<void> {
  const { user } = await getCurrentUser(meta(cookie).request);
  await db()
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(sessions.id, user!.sessionId));
}

interface ProfileAnswer {
  ok: boolean;
  message?: string;
  reauth?: boolean;
  setup?: { secret: string };
}

/** A profile form, posted as the browser does to the page that has it (/profile/privacy for
 * deleting the account, /profile/security for two-factor); a redirect comes back as a Response. */
async function post(cookie: string, fields: Record<string, string>) {
  const [path, profileAction] =
    fields.intent === "delete-account"
      ? ["/profile/privacy", privacyAction]
      : ["/profile/security", securityAction];
  const context = new RouterContextProvider();
  context.set(requestInfo, {
    nonce: "",
    requestId: "test",
    clientIp: "203.0.113.250",
    sharedPage: false,
  });
  const result = (await profileAction({
    request: new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams(fields),
    }),
    context,
    params: {},
  } as never)) as unknown;
  if (result instanceof Response) return { response: result };
  const { data, init } = result as { data: ProfileAnswer; init: ResponseInit | null };
  return { answer: data, cookies: new Headers(init?.headers).getSetCookie() };
}

const stale = { ok: false, reauth: true, message: MESSAGES.reauthRequired };

test("deleting the account is refused on a session older than 10 minutes", async () => {
  const email = "moho@example.nz";
  const cookie = await member(email);
  await age(cookie);
  const form = { intent: "delete-account", password: PASSWORD, confirm: "yes" };
  expect((await post(cookie, form)).answer).toMatchObject(stale);
  expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);

  const { response } = await post(await freshSession(email), form);
  expect(response?.status).toBe(302);
  expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
});

test("confirming and turning off two-factor are refused on a session older than 10 minutes", async () => {
  const email = "tieke@example.nz";
  const enabled = async () =>
    (await db().select().from(users).where(eq(users.email, email)))[0]?.twoFactorEnabled;
  let cookie = await member(email);
  const started = await post(cookie, { intent: "2fa-start", password: PASSWORD });
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(started.answer!.setup!.secret),
    digits: 6,
    period: 30,
  });
  await age(cookie);
  expect(
    (await post(cookie, { intent: "2fa-confirm", code: totp.generate() })).answer,
  ).toMatchObject(stale);
  expect(await enabled()).toBe(false);

  // On a fresh session the same set-up is confirmed (and the session renewed).
  cookie = await freshSession(email);
  const confirmed = await post(cookie, { intent: "2fa-confirm", code: totp.generate() });
  expect(confirmed.answer).toMatchObject({ ok: true, message: MESSAGES.twoFactorEnabled });
  expect(await enabled()).toBe(true);
  cookie = jar(confirmed.cookies!);

  await age(cookie);
  expect((await post(cookie, { intent: "2fa-disable", password: PASSWORD })).answer).toMatchObject(
    stale,
  );
  expect(await enabled()).toBe(true);

  // Signed in again (password, then a code), turning it off goes through.
  const first = await signIn({ input: { email, password: PASSWORD }, meta: meta() });
  const second = await verifyTwoFactorSignIn({
    input: { code: totp.generate() },
    meta: meta(jar(first.ok ? first.cookies : [])),
  });
  cookie = jar(second.ok ? second.cookies : []);
  expect((await post(cookie, { intent: "2fa-disable", password: PASSWORD })).answer).toMatchObject({
    ok: true,
    message: MESSAGES.twoFactorDisabled,
  });
  expect(await enabled()).toBe(false);
});
