// Accounts against a real database and a real SMTP server: sign-up, confirmation, sign-in with
// the spec's messages, the waitlist migration rules, the admin rule, reset, limits, cookies.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { contacts, profiles, users } from "../../../db/schema/index.ts";
import { linkIn, startSmtp, type TestSmtp } from "../../../tests/setup/smtp";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { db } from "../../lib/db.server";
import { closeMail } from "../../lib/mail.server";
import { MESSAGES } from "./accounts.schema";
import { accountsAuth } from "./accounts-auth.server";
import { convertWaitlist } from "./convert-waitlist.server";
import { getCurrentUser, isAdminUser } from "./get-current-user.server";
import { migrateWaitlistContact } from "./migrate-waitlist-contact.server";
import { passwordProblems } from "./password-policy.server";
import { requestPasswordReset } from "./request-password-reset.server";
import { resetPassword } from "./reset-password.server";
import { signIn } from "./sign-in.server";
import { signOut } from "./sign-out.server";
import { signUp } from "./sign-up.server";

const SITE = "https://patch.test";
const PASSWORD = "tui sing over the harbour";
let t: TestDatabase;
let smtp: TestSmtp;
let ip = 0;
const meta = (cookie?: string) => ({
  request: new Request(`${SITE}/auth`, { headers: cookie ? { cookie } : {} }),
  clientIp: `198.51.100.${++ip % 250}`,
});
const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

beforeAll(async () => {
  smtp = await startSmtp();
  t = await openTestDatabase({ SMTP_URL: smtp.url, SITE_URL: SITE });
});
afterAll(async () => {
  closeMail();
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

/** What the /api/auth mount does with a link the browser follows. */
const followLink = (link: string) =>
  accountsAuth().handler(
    new Request(link, { headers: { "x-patch-client-ip": "198.51.100.1", host: "patch.test" } }),
  );

async function confirm(email: string): Promise<string[]> {
  const until = Date.now() + 10_000;
  let message = smtp.messages.find((m) => m.to.includes(email) && /Confirm/.test(m.subject));
  while (!message && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    message = smtp.messages.find((m) => m.to.includes(email) && /Confirm/.test(m.subject));
  }
  expect(message?.subject).toMatch(/Confirm your email/);
  const link = linkIn(message!, `${SITE}/api/auth/verify-email`);
  const res = await followLink(link);
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toMatch(/\/auth\/callback/);
  return res.headers.getSetCookie();
}

async function createConfirmed(email: string, password = PASSWORD) {
  const created = await signUp({ email, password }, meta());
  expect(created).toMatchObject({ ok: true, messages: [MESSAGES.accountCreated] });
  await confirm(email);
  smtp.messages.length = 0;
}

test("sign-up sends a confirmation e-mail; signing in before confirming is refused", async () => {
  const outcome = await signUp({ email: "Aroha@Example.nz", password: PASSWORD }, meta());
  expect(outcome).toEqual({ ok: true, messages: [MESSAGES.accountCreated], cookies: [] });
  const denied = await signIn({ email: "aroha@example.nz", password: PASSWORD }, meta());
  expect(denied).toMatchObject({ ok: false, message: MESSAGES.emailNotConfirmed });
  const cookies = await confirm("aroha@example.nz");
  // Confirming signs the person in, with an HttpOnly, SameSite=Lax session cookie.
  const session = cookies.find((c) => c.startsWith("patch.session_token="));
  expect(session).toMatch(/HttpOnly/i);
  expect(session).toMatch(/SameSite=Lax/i);
  // The link works once: following it again signs nobody in.
  const message = smtp.messages.find((m) => m.to.includes("aroha@example.nz"))!;
  const again = await followLink(linkIn(message, `${SITE}/api/auth/verify-email`));
  expect(again.status).toBe(302);
  expect(again.headers.getSetCookie().some((c) => c.startsWith("patch.session_token="))).toBe(
    false,
  );
  const signedIn = await signIn(
    { email: "aroha@example.nz", password: PASSWORD },
    meta(),
    "/profile",
  );
  expect(signedIn).toMatchObject({
    ok: true,
    messages: [MESSAGES.signedIn],
    redirectTo: "/profile",
  });
  const { user } = await getCurrentUser(
    meta(cookieHeader(signedIn.ok ? signedIn.cookies : [])).request,
  );
  expect(user).toMatchObject({ email: "aroha@example.nz", displayName: "aroha", isAdmin: false });
});

test("wrong passwords, unknown addresses and waitlist members get the spec's messages", async () => {
  await createConfirmed("wiremu@example.nz");
  expect(
    await signIn({ email: "wiremu@example.nz", password: "not the password!" }, meta()),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.invalidCredentials,
  });
  expect(await signIn({ email: "nobody@example.nz", password: PASSWORD }, meta())).toMatchObject({
    ok: false,
    message: MESSAGES.invalidCredentials,
  });
  await db().insert(contacts).values({ id: crypto.randomUUID(), email: "waiting@example.nz" });
  expect(await signIn({ email: "waiting@example.nz", password: PASSWORD }, meta())).toMatchObject({
    ok: false,
    message: MESSAGES.waitlistMemberWithoutAccount,
  });
});

test("signing up again with the right password signs in; with a wrong one the answer doesn't tell", async () => {
  await createConfirmed("mere@example.nz");
  const again = await signUp({ email: "mere@example.nz", password: PASSWORD }, meta());
  expect(again).toMatchObject({ ok: true, messages: [MESSAGES.accountExists, MESSAGES.signedIn] });
  const wrong = await signUp(
    { email: "mere@example.nz", password: "another long passphrase" },
    meta(),
  );
  expect(wrong).toEqual({ ok: true, messages: [MESSAGES.accountCreated], cookies: [] });
  // The owner hears about it.
  const [notice] = await smtp.waitFor(1);
  expect(notice?.subject).toMatch(/tried to create/);
});

test("passwords: 12 to 256 characters, common ones refused with reasons", () => {
  expect(passwordProblems("short")).toContain("Use at least 12 characters.");
  expect(passwordProblems("x".repeat(257))).toContain("Use at most 256 characters.");
  expect(passwordProblems("password1234")[0]).toMatch(/most common/);
  expect(passwordProblems("Sunshine2024!")[0]).toMatch(/most common/);
  expect(passwordProblems("123456789012")[0]).toMatch(/most common/);
  expect(passwordProblems("qwertyuiopas")[0]).toMatch(/most common/);
  // From the breached-password list, not only our own words.
  for (const breached of ["sonyericsson", "123qweasdzxc", "Blink182blink182", "Pokemon!2025"]) {
    expect(passwordProblems(breached)[0], breached).toMatch(/most common/);
  }
  expect(passwordProblems("tui sing over the harbour")).toEqual([]);
  expect(passwordProblems("kumara, silverbeet and two feijoas")).toEqual([]);
  expect(passwordProblems("kahu.rangi.garden7", { email: "kahu.rangi@example.nz" })).toContain(
    "Don't use your email address in your password.",
  );
});

test("sign-up refuses a weak password with the reasons listed", async () => {
  const outcome = await signUp({ email: "weak@example.nz", password: "password1234" }, meta());
  expect(outcome.ok).toBe(false);
  if (!outcome.ok) {
    expect(outcome.message).toBe(MESSAGES.createFailed);
    expect(outcome.passwordProblems?.[0]).toMatch(/most common/);
  }
});

test("waitlist migration: contact becomes the profile once; no contact gives a blank profile", async () => {
  const contactId = crypto.randomUUID();
  await db()
    .insert(contacts)
    .values({
      id: contactId,
      email: "grower@example.nz",
      phone: "021 555 0142",
      address: { state: "Canterbury", country: "New Zealand" },
      region: "Canterbury",
      interests: ["herbs"],
      growingSpace: { kind: "balcony", sizeM2: 2 },
      surveyData: { experience: "beginner" },
    });
  const notListed = await convertWaitlist(
    { email: "stranger@example.nz", password: PASSWORD },
    meta(),
  );
  expect(notListed).toMatchObject({ ok: false, message: MESSAGES.notInWaitlist });

  const converted = await convertWaitlist(
    { email: "grower@example.nz", password: PASSWORD },
    meta(),
  );
  expect(converted).toMatchObject({ ok: true, messages: [MESSAGES.convertedFromWaitlist] });
  const [user] = await db().select().from(users).where(eq(users.email, "grower@example.nz"));
  // Until the address is confirmed, the profile is blank and the contact untouched.
  let [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile?.onboardingCompleted).toBe(false);
  await confirm("grower@example.nz");
  [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile).toMatchObject({
    phone: "021 555 0142",
    address: { state: "Canterbury", country: "New Zealand", region: "Canterbury" },
    preferences: {
      interests: ["herbs"],
      growingSpace: { kind: "balcony", sizeM2: 2 },
      surveyData: { experience: "beginner" },
    },
    climateZone: "Canterbury",
    onboardingCompleted: true,
  });
  const [contact] = await db().select().from(contacts).where(eq(contacts.id, contactId));
  expect(contact).toMatchObject({ source: "waitlist_page_migrated", userId: user!.id });

  // Twice changes nothing, even after the person edited the profile.
  await db().update(profiles).set({ phone: "027 000 0000" }).where(eq(profiles.id, user!.id));
  expect(await migrateWaitlistContact(user!)).toBe("already-migrated");
  [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile?.phone).toBe("027 000 0000");

  await createConfirmed("fresh@example.nz");
  const [fresh] = await db().select().from(users).where(eq(users.email, "fresh@example.nz"));
  const [blank] = await db().select().from(profiles).where(eq(profiles.id, fresh!.id));
  expect(blank).toMatchObject({ onboardingCompleted: false, climateZone: "New Zealand" });
});

test("admin: verified e-mail exactly in the list; unverified or other addresses are not", () => {
  expect(isAdminUser({ email: "admin@patch.nz", emailVerified: true })).toBe(true);
  expect(isAdminUser({ email: "admin@patch.nz", emailVerified: false })).toBe(false);
  expect(isAdminUser({ email: "admin@patch.nz.evil.com", emailVerified: true })).toBe(false);
  expect(isAdminUser({ email: "someone@patch.nz", emailVerified: true })).toBe(false);
});

test("password reset: same answer for unknown addresses, single-use link, 3 per hour", async () => {
  await createConfirmed("kowhai@example.nz");
  expect(await requestPasswordReset({ email: "nobody@example.nz" }, meta())).toMatchObject({
    ok: true,
    messages: [MESSAGES.resetSent],
  });
  expect(await requestPasswordReset({ email: "kowhai@example.nz" }, meta())).toMatchObject({
    ok: true,
    messages: [MESSAGES.resetSent],
  });
  await smtp.waitFor(1);
  const mail = smtp.messages.find((m) => /Reset/.test(m.subject));
  const link = linkIn(mail!, `${SITE}/api/auth/reset-password/`);
  const res = await followLink(link);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!, SITE);
  expect(location.pathname + "?mode=" + location.searchParams.get("mode")).toBe(
    "/auth?mode=reset-password",
  );
  const token = location.searchParams.get("token")!;
  const newPassword = "pohutukawa blooms in december";
  expect(await resetPassword({ token, password: newPassword })).toMatchObject({ ok: true });
  expect(await resetPassword({ token, password: newPassword })).toMatchObject({
    ok: false,
    message: MESSAGES.resetLinkInvalid,
  });
  expect(await signIn({ email: "kowhai@example.nz", password: newPassword }, meta())).toMatchObject(
    {
      ok: true,
    },
  );
  smtp.messages.length = 0;
  await requestPasswordReset({ email: "kowhai@example.nz" }, meta());
  await requestPasswordReset({ email: "kowhai@example.nz" }, meta());
  // The 4th within the hour is answered the same and sends nothing.
  expect(await requestPasswordReset({ email: "kowhai@example.nz" }, meta())).toMatchObject({
    ok: true,
    messages: [MESSAGES.resetSent],
  });
  await smtp.waitFor(2);
  await new Promise((r) => setTimeout(r, 300));
  expect(smtp.messages).toHaveLength(2);
});

test("sign-in limits: 5 a minute per IP, 10 an hour per account", async () => {
  const fixed = { request: new Request(`${SITE}/auth`), clientIp: "192.0.2.77" };
  for (let i = 0; i < 5; i++) {
    expect((await signIn({ email: `x${i}@example.nz`, password: PASSWORD }, fixed)).ok).toBe(false);
  }
  expect(await signIn({ email: "x9@example.nz", password: PASSWORD }, fixed)).toMatchObject({
    status: 429,
    message: MESSAGES.tooManyAttempts,
  });
  for (let i = 0; i < 10; i++)
    await signIn({ email: "target@example.nz", password: "guess number " + i }, meta());
  expect(await signIn({ email: "target@example.nz", password: PASSWORD }, meta())).toMatchObject({
    status: 429,
  });
});

test("sign-out ends the session", async () => {
  await createConfirmed("tane@example.nz");
  const signedIn = await signIn({ email: "tane@example.nz", password: PASSWORD }, meta());
  const cookie = cookieHeader(signedIn.ok ? signedIn.cookies : []);
  expect((await getCurrentUser(meta(cookie).request)).user).not.toBeNull();
  expect(await signOut(meta(cookie))).toMatchObject({ ok: true, messages: [MESSAGES.signedOut] });
  expect((await getCurrentUser(meta(cookie).request)).user).toBeNull();
});

test("what a visitor entered before signing up (userData) starts the profile", async () => {
  const userData = JSON.stringify({
    lastUpdated: new Date().toISOString(),
    address: { city: "Napier", region: "Hawke's Bay" },
    growingSpace: { kind: "courtyard", sizeM2: 3 },
  });
  await signUp({ email: "ruru@example.nz", password: PASSWORD, userData }, meta());
  const [user] = await db().select().from(users).where(eq(users.email, "ruru@example.nz"));
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile).toMatchObject({
    address: { city: "Napier", region: "Hawke's Bay" },
    preferences: { growingSpace: { kind: "courtyard", sizeM2: 3 } },
    climateZone: "Hawke's Bay",
    onboardingCompleted: false,
  });
});
