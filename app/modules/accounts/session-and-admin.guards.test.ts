// Who may do what (issue 17): the signed-in visitor as the server resolves them, the admin rule,
// page protection, and the recent sign-in every sensitive change asks for.
import { createHmac } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { profiles, sessions, users } from "#db/schema/index.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import {
  FRESH_SESSION_SECONDS,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_INACTIVITY_SECONDS,
} from "#app/lib/auth.server.ts";
import { db } from "#app/lib/db.server.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { accountsAuth } from "./accounts-auth.server.ts";
import { changeEmail } from "./change-email.server.ts";
import { deleteAccount } from "./delete-account.server.ts";
import {
  getCurrentUser,
  isAdminUser,
  readSessionDirectly,
  signedInRecently,
  signedToken,
} from "./get-current-user.server.ts";
import { changePassword } from "./change-password.server.ts";
import { adminOrStatus, loginUrl, requireAdmin, requireUser } from "./require-user.server.ts";
import { signIn } from "./sign-in.server.ts";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  startTwoFactorSetup,
} from "./two-factor.server.ts";
import { grantAdminRightsIfListed } from "./grant-admin-rights.server.ts";

const SITE = "https://patch.test";
const PASSWORD = "tuatara basking at noon";
let t: TestDatabase;
let ip = 0;
const meta = () => ({ request: new Request(`${SITE}/profile`), clientIp: `198.18.0.${++ip}` });

beforeAll(async () => {
  t = await openTestDatabase({
    SITE_URL: SITE,
    ADMIN_EMAILS: "boss@patch.nz,ops@example.com,grow@example.com",
    MAIL_OUTBOX_DIR: "/tmp/patch-guards-test-mail",
  });
});
afterAll(() => t.close());

/** A signed-up, signed-in member: the cookie header their browser would send. */
async function signedIn(email: string, verified = true): Promise<string> {
  await accountsAuth().api.signUpEmail({ body: { email, password: PASSWORD, name: "" } });
  const [user] = await db()
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email.toLowerCase()))
    .returning();
  // Confirmed by its owner, as the link or a reset would: an admin address gets its rights (ADR 020).
  await grantAdminRightsIfListed(user!);
  const outcome = await signIn({ input: { email, password: PASSWORD }, meta: meta() });
  if (!outcome.ok) throw new Error(outcome.message);
  if (!verified)
    await db().update(users).set({ emailVerified: false }).where(eq(users.email, email));
  return outcome.cookies.map((c) => c.split(";")[0]).join("; ");
}
const request = (path: string, cookie?: string) =>
  new Request(`${SITE}${path}`, { headers: cookie ? { cookie } : {} });
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a redirect");
    },
    (r: Response) => r,
  );
async function toastOf(response: Response) {
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  return (await readToast(new Request(SITE, { headers: { cookie } }))).toast;
}

test("a sign-in is recent for ten minutes to the millisecond", () => {
  const signedInAt = "2026-11-24T10:00:00.000Z";
  const at = Date.parse(signedInAt);
  expect(FRESH_SESSION_SECONDS).toBe(600);
  expect(signedInRecently({ signedInAt }, at)).toBe(true);
  expect(signedInRecently({ signedInAt }, at + 600_000)).toBe(true);
  expect(signedInRecently({ signedInAt }, at + 600_001)).toBe(false);
  // By default, now.
  expect(signedInRecently({ signedInAt: new Date().toISOString() })).toBe(true);
  expect(signedInRecently({ signedInAt: new Date(Date.now() - 601_000).toISOString() })).toBe(
    false,
  );
});

test("an admin is one of the three addresses, verified, granted its rights, however it is capitalised", () => {
  const admin = "admin" as const;
  expect(isAdminUser({ email: "ops@example.com", emailVerified: true, role: admin })).toBe(true);
  expect(isAdminUser({ email: "Ops@Example.COM", emailVerified: true, role: admin })).toBe(true);
  expect(isAdminUser({ email: "ops@example.com", emailVerified: false, role: admin })).toBe(false);
  // A listed, verified address without the grant (ADR 020) is no admin.
  expect(isAdminUser({ email: "ops@example.com", emailVerified: true, role: null })).toBe(false);
  expect(isAdminUser({ email: "ops@example.com", emailVerified: true, role: "user" })).toBe(false);
  expect(
    isAdminUser({ email: "ops@example.com.evil.example", emailVerified: true, role: admin }),
  ).toBe(false);
  expect(isAdminUser({ email: "gardener@example.nz", emailVerified: true, role: admin })).toBe(
    false,
  );
});

test("the way back after signing in is the page itself, data requests and router ids dropped", () => {
  expect(loginUrl(request("/admin"))).toBe("/login?redirectTo=%2Fadmin");
  expect(loginUrl(request("/orders/abc.data?tab=items&_route=routes%2Forder"))).toBe(
    "/login?redirectTo=%2Forders%2Fabc%3Ftab%3Ditems",
  );
  expect(loginUrl(request("/.data"))).toBe("/login?redirectTo=%2F");
  expect(loginUrl(request("/"))).toBe("/login?redirectTo=%2F");
  expect(loginUrl(request("/profile?_route=x"))).toBe("/login?redirectTo=%2Fprofile");
  // Only a trailing .data is the router's.
  expect(loginUrl(request("/guides/data.datasheet"))).toBe(
    "/login?redirectTo=%2Fguides%2Fdata.datasheet",
  );
});

test("no session: pages send the visitor to sign in with the spec's toast; data endpoints say 401", async () => {
  for (const cookie of [undefined, "theme=dark", "patch.session_token=forged.value"]) {
    const { user, cookies } = await getCurrentUser(request("/profile", cookie));
    expect(user, String(cookie)).toBeNull();
    if (!cookie?.includes("patch.session_token")) expect(cookies).toEqual([]);
    const redirect = await thrown(requireUser(request("/profile?tab=orders", cookie)));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/login?redirectTo=%2Fprofile%3Ftab%3Dorders");
    expect(await toastOf(redirect)).toMatchObject({
      type: "error",
      message: MESSAGES.pleaseLogIn,
    });
    const admin = await thrown(requireAdmin(request("/admin", cookie)));
    expect(admin.headers.get("location")).toBe("/login?redirectTo=%2Fadmin");
    expect(await adminOrStatus(request("/admin/stats", cookie))).toEqual({ status: 401 });
  }
});

test("a member is resolved from their session with what the pages need", async () => {
  const cookie = await signedIn("Member@Example.nz");
  const { user } = await getCurrentUser(request("/", cookie));
  const [session] = await db().select().from(sessions).where(eq(sessions.userId, user!.id));
  expect(user).toEqual({
    id: expect.any(String),
    email: "member@example.nz",
    emailVerified: true,
    displayName: "member",
    fullName: null,
    isAdmin: false,
    isCoach: false,
    awaitsAdminRights: false,
    sessionId: session!.id,
    twoFactorEnabled: false,
    phoneNumber: null,
    signedInAt: session!.createdAt.toISOString(),
  });
  expect(await requireUser(request("/profile", cookie))).toEqual(user);

  // A phone number counts only once proved.
  await db()
    .update(users)
    .set({ phoneNumber: "+64211234567", phoneNumberVerified: false })
    .where(eq(users.id, user!.id));
  expect((await getCurrentUser(request("/", cookie))).user?.phoneNumber).toBeNull();
  await db().update(users).set({ phoneNumberVerified: true }).where(eq(users.id, user!.id));
  expect((await getCurrentUser(request("/", cookie))).user?.phoneNumber).toBe("+64211234567");
});

test("a signed-in member on an admin page goes home with the spec's toast; endpoints say 403", async () => {
  const cookie = await signedIn("gardener@example.nz");
  const redirect = await thrown(requireAdmin(request("/admin", cookie)));
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get("location")).toBe("/");
  expect(await toastOf(redirect)).toMatchObject({ type: "error", message: MESSAGES.noPermission });
  expect(await adminOrStatus(request("/admin/waitlist.csv", cookie))).toEqual({ status: 403 });
});

test("an admin passes every check; the same address unverified passes none", async () => {
  const cookie = await signedIn("boss@patch.nz");
  const admin = await requireAdmin(request("/admin", cookie));
  expect(admin).toMatchObject({ email: "boss@patch.nz", isAdmin: true });
  expect(await adminOrStatus(request("/admin/stats", cookie))).toEqual({ user: admin });

  await db().update(users).set({ emailVerified: false }).where(eq(users.email, "boss@patch.nz"));
  expect((await getCurrentUser(request("/", cookie))).user?.isAdmin).toBe(false);
  expect((await thrown(requireAdmin(request("/admin", cookie)))).headers.get("location")).toBe("/");
  expect(await adminOrStatus(request("/admin/stats", cookie))).toEqual({ status: 403 });
});

test("a session ends 30 days after sign-in however much it is used", async () => {
  const cookie = await signedIn("longtime@example.nz");
  const { user } = await getCurrentUser(request("/", cookie));
  const ageTo = (ms: number) =>
    db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(sessions.id, user!.sessionId));

  await ageTo(SESSION_ABSOLUTE_SECONDS * 1000 - 60_000);
  expect((await getCurrentUser(request("/", cookie))).user?.id).toBe(user!.id);

  await ageTo(SESSION_ABSOLUTE_SECONDS * 1000 + 60_000);
  const ended = await getCurrentUser(request("/", cookie));
  expect(ended.user).toBeNull();
  // Signed out for good: the cookie is cleared and the session is gone.
  expect(ended.cookies.join("\n")).toMatch(/patch\.session_token=;/);
  expect(await db().select().from(sessions).where(eq(sessions.id, user!.sessionId))).toEqual([]);
});

test("a live session is read directly; better-auth refreshes, ends and refuses the rest", async () => {
  const cookie = await signedIn("reader@example.nz");
  const other = await signedIn("other.reader@example.nz");
  const { user } = await getCurrentUser(request("/", cookie));
  const setExpiry = (ms: number) =>
    db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + ms) })
      .where(eq(sessions.id, user!.sessionId));

  // Live and not yet due for its daily refresh: the member, and no cookie to set.
  const live = await getCurrentUser(request("/", cookie));
  expect(live).toEqual({ user, cookies: [] });

  // Used a day after its last refresh: the expiry moves on and the cookie is set again.
  await setExpiry(SESSION_INACTIVITY_SECONDS * 1000 - 25 * 3600 * 1000);
  const refreshed = await getCurrentUser(request("/", cookie));
  expect(refreshed.user?.id).toBe(user!.id);
  expect(refreshed.cookies.join("\n")).toMatch(/patch\.session_token=[^;]+\./);
  const [row] = await db().select().from(sessions).where(eq(sessions.id, user!.sessionId));
  expect(row!.expiresAt.getTime()).toBeGreaterThan(
    Date.now() + SESSION_INACTIVITY_SECONDS * 1000 - 60_000,
  );

  // One member's signature on another's token is nobody.
  const tokenOf = (c: string) =>
    decodeURIComponent(c.split("patch.session_token=")[1]!.split(";")[0]!);
  const [, signature] = tokenOf(other).split(/\.(?=[^.]*$)/);
  const [token] = tokenOf(cookie).split(/\.(?=[^.]*$)/);
  const forged = `patch.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  expect((await getCurrentUser(request("/", forged))).user).toBeNull();
  expect((await getCurrentUser(request("/", `${forged}; ${cookie}`))).user).toBeNull();

  // Expired after a week unused: nobody, and the cookie is cleared.
  await setExpiry(-1000);
  const expired = await getCurrentUser(request("/", cookie));
  expect(expired.user).toBeNull();
  expect(expired.cookies.join("\n")).toMatch(/patch\.session_token=;/);
});

test("a session cookie's signature is HMAC-SHA256 of its token with our secret, whole or nothing", () => {
  const secret = "a-test-secret-of-enough-length-0123";
  const sign = (token: string, key = secret) =>
    `${token}.${createHmac("sha256", key).update(token).digest("base64")}`;
  expect(signedToken(sign("abc123"), secret)).toBe("abc123");
  // A token may itself hold dots: the signature is after the last one.
  expect(signedToken(sign("ab.c1"), secret)).toBe("ab.c1");
  expect(signedToken(sign("abc123", "another-secret-of-enough-length-99"), secret)).toBeNull();
  const good = sign("abc123");
  expect(signedToken(good.slice(0, -2), secret)).toBeNull();
  const sig = good.split(".")[1]!;
  const flipped = `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`;
  expect(signedToken(`abc123.${flipped}`, secret)).toBeNull();
  expect(signedToken(good.replace("abc123", "abc124"), secret)).toBeNull();
  expect(signedToken("abc123", secret)).toBeNull();
  expect(signedToken(`.${sig}`, secret)).toBeNull();
  expect(signedToken(sign(""), secret)).toBeNull();
  expect(signedToken("", secret)).toBeNull();
});

test("the direct read answers only a live session not due for refresh; the rest are better-auth's", async () => {
  const cookie = await signedIn("direct.reader@example.nz");
  const direct = await readSessionDirectly(request("/", cookie));
  expect(direct?.user?.email).toBe("direct.reader@example.nz");
  expect(direct?.cookies).toEqual([]);
  // The same member as better-auth's own read gives.
  expect(direct).toEqual(await getCurrentUser(request("/", cookie)));
  const sessionId = direct!.user!.sessionId;
  const setExpiry = (ms: number) =>
    db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + ms) })
      .where(eq(sessions.id, sessionId));

  expect(await readSessionDirectly(request("/"))).toBeNull();
  expect(await readSessionDirectly(request("/", "theme=dark"))).toBeNull();
  const [name, value] = cookie
    .split("; ")
    .find((c) => c.includes("session_token"))!
    .split("=");
  const signed = decodeURIComponent(value!);
  const [token, signature] = signed.split(/\.(?=[^.]*$)/);
  expect(await readSessionDirectly(request("/", `${name}=${token}`))).toBeNull();
  expect(await readSessionDirectly(request("/", `${name}=${token}x.${signature}`))).toBeNull();
  // Quoted, as some clients send a cookie value: still read.
  expect(
    (await readSessionDirectly(request("/", `${name}="${encodeURIComponent(signed)}"`)))?.user?.id,
  ).toBe(direct!.user!.id);

  // An hour before its daily refresh is due: still direct. An hour after: better-auth's.
  const day = 24 * 3600 * 1000;
  await setExpiry(SESSION_INACTIVITY_SECONDS * 1000 - day + 3600 * 1000);
  expect((await readSessionDirectly(request("/", cookie)))?.user?.id).toBe(direct!.user!.id);
  await setExpiry(SESSION_INACTIVITY_SECONDS * 1000 - day - 3600 * 1000);
  expect(await readSessionDirectly(request("/", cookie))).toBeNull();
  await setExpiry(-1000);
  expect(await readSessionDirectly(request("/", cookie))).toBeNull();

  // A session that is gone (signed out elsewhere): nobody to read.
  await db().delete(sessions).where(eq(sessions.id, sessionId));
  expect(await readSessionDirectly(request("/", cookie))).toBeNull();
});

test("a page's loaders share one read of the session; a form post reads it afresh", async () => {
  const cookie = await signedIn("shared.reader@example.nz");
  const get = request("/profile", cookie);
  expect(getCurrentUser(get)).toBe(getCurrentUser(get));
  const head = new Request(`${SITE}/profile`, { method: "HEAD", headers: { cookie } });
  expect(getCurrentUser(head)).toBe(getCurrentUser(head));
  const post = new Request(`${SITE}/profile`, { method: "POST", headers: { cookie } });
  const first = getCurrentUser(post);
  expect(getCurrentUser(post)).not.toBe(first);
  expect((await first).user?.email).toBe("shared.reader@example.nz");
});

test("every sensitive change asks for a recent sign-in first, and only then looks at the input", async () => {
  const stale = {
    id: "stale",
    email: "stale@example.nz",
    signedInAt: new Date(Date.now() - (FRESH_SESSION_SECONDS + 60) * 1000).toISOString(),
  };
  const fresh = { ...stale, signedInAt: new Date().toISOString() };
  const reauth = { ok: false, code: "forbidden", message: MESSAGES.reauthRequired, reauth: true };

  expect(
    await deleteAccount({
      user: stale,
      input: { confirm: "yes", password: PASSWORD },
      meta: meta(),
    }),
  ).toEqual(reauth);
  expect(
    await deleteAccount({ user: fresh, input: { confirm: "no" }, meta: meta() }),
  ).toMatchObject({
    ok: false,
    code: "invalid",
  });

  expect(
    await changeEmail({ user: stale, input: { newEmail: "new@example.nz" }, meta: meta() }),
  ).toEqual(reauth);
  expect(
    await changeEmail({ user: fresh, input: { newEmail: "stale@example.nz" }, meta: meta() }),
  ).toMatchObject({
    code: "invalid",
    message: "That's already your email address.",
  });

  const passwords = { currentPassword: PASSWORD, newPassword: "a brand new long passphrase" };
  expect(await changePassword({ input: passwords, meta: meta(), user: stale })).toEqual(reauth);
  expect(await changePassword({ input: {}, meta: meta(), user: fresh })).toMatchObject({
    ok: false,
    code: "invalid",
  });

  const { code: _, ...staleSetup } = reauth;
  expect(await startTwoFactorSetup({ user: stale, password: PASSWORD, meta: meta() })).toEqual(
    staleSetup,
  );
  expect(await startTwoFactorSetup({ user: fresh, password: "", meta: meta() })).toEqual({
    ok: false,
    message: "Please enter your password.",
    field: "password",
  });
  expect(await confirmTwoFactorSetup({ user: stale, code: "123456", meta: meta() })).toEqual(
    reauth,
  );
  // Past the check, with no session behind the request, the code is refused.
  expect(await confirmTwoFactorSetup({ user: fresh, code: "123456", meta: meta() })).toMatchObject({
    ok: false,
    code: "invalid",
    message: MESSAGES.twoFactorCodeWrong,
  });
  expect(await disableTwoFactor({ user: stale, password: PASSWORD, meta: meta() })).toEqual(reauth);
  expect(await disableTwoFactor({ user: fresh, password: PASSWORD, meta: meta() })).toMatchObject({
    ok: false,
    code: "invalid",
    message: MESSAGES.wrongCurrentPassword,
  });
});

test("an admin address confirmed before its rights are granted goes home and is e-mailed the link that grants them", async () => {
  const email = "grow@example.com";
  await accountsAuth().api.signUpEmail({ body: { email, password: PASSWORD, name: "" } });
  await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const outcome = await signIn({ input: { email, password: PASSWORD }, meta: meta() });
  if (!outcome.ok) throw new Error(outcome.message);
  const cookie = outcome.cookies.map((c) => c.split(";")[0]).join("; ");
  expect((await getCurrentUser(request("/", cookie))).user).toMatchObject({
    isAdmin: false,
    awaitsAdminRights: true,
  });
  const mailTo = () =>
    existsSync(t.settings.mailOutboxDir!)
      ? readdirSync(t.settings.mailOutboxDir!).filter((f) =>
          readFileSync(join(t.settings.mailOutboxDir!, f), "utf8").includes(`To: ${email}`),
        ).length
      : 0;
  const before = mailTo();
  const redirect = await thrown(requireAdmin(request("/admin", cookie)));
  expect(redirect.headers.get("location")).toBe("/");
  expect(await toastOf(redirect)).toMatchObject({
    type: "info",
    message: MESSAGES.adminNeedsReset,
  });
  await expect.poll(mailTo, { timeout: 10_000 }).toBe(before + 1);
});

test("the member's own full name is their name on the site", async () => {
  const cookie = await signedIn("named@example.nz");
  const { user } = await getCurrentUser(request("/", cookie));
  expect(user).toMatchObject({ fullName: null, displayName: "named" });
  await db().update(profiles).set({ fullName: "Mere Tūhoe" }).where(eq(profiles.id, user!.id));
  expect((await getCurrentUser(request("/", cookie))).user).toMatchObject({
    fullName: "Mere Tūhoe",
    displayName: "Mere Tūhoe",
  });
});
