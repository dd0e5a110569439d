// Accounts against a real database and a real SMTP server: sign-up, confirmation, sign-in with
// the spec's messages, the waitlist migration rules, the admin rule, reset, limits, cookies.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts, profiles, rateLimits, users } from "#db/schema/index.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { cookieHeader, expectSignedIn, requestMetas } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { accountsAuth } from "./accounts-auth.server.ts";
import {
  confirmEmailWithPassword,
  confirmLinkIsValid,
} from "./confirm-email-with-password.server.ts";
import { convertWaitlist } from "./convert-waitlist.server.ts";
import { getCurrentUser, isAdminUser } from "./get-current-user.server.ts";
import { migrateWaitlistContact } from "./migrate-waitlist-contact.server.ts";
import { passwordProblems } from "./password-policy.server.ts";
import { recordSignInFailure } from "./rate-limits.server.ts";
import { requestPasswordReset } from "./request-password-reset.server.ts";
import { requireAdmin } from "./require-user.server.ts";
import { resetPassword } from "./reset-password.server.ts";
import { signIn } from "./sign-in.server.ts";
import { signOut } from "./sign-out.server.ts";
import { signUp } from "./sign-up.server.ts";
import { sendsSettled } from "#app/lib/sends-in-flight.server.ts";

const SITE = "https://patch.test";
const PASSWORD = "tui sing over the harbour";
const meta = requestMetas("198.51.100");

const services = testServices({ smtp: true });

/** What the /api/auth mount does with a link the browser follows (with that browser's cookies). */
const followLink = (link: string, cookie = "") =>
  accountsAuth().handler(
    new Request(link, {
      headers: {
        "x-patch-client-ip": "198.51.100.1",
        host: "patch.test",
        ...(cookie ? { cookie } : {}),
      },
    }),
  );

async function confirmLink(email: string): Promise<string> {
  const until = Date.now() + 10_000;
  const find = () =>
    services.smtp.messages.findLast(
      (m) => m.to.includes(email) && /Confirm your email/.test(m.subject),
    );
  let message = find();
  while (!message && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    message = find();
  }
  expect(message?.subject).toMatch(/Confirm your email/);
  return linkIn(message!, `${SITE}/api/auth/verify-email`);
}

/** The link, opened in the browser that signed up (its cookies): confirmed and signed in. */
async function confirm(email: string, browser: string[]): Promise<string[]> {
  const res = await followLink(await confirmLink(email), cookieHeader(browser));
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toMatch(/\/auth\/callback/);
  return res.headers.getSetCookie();
}

async function createConfirmed(email: string, password = PASSWORD) {
  const created = await signUp({ input: { email, password }, meta: meta() });
  expect(created).toMatchObject({ ok: true, messages: [MESSAGES.accountCreated] });
  await confirm(email, created.ok ? created.cookies : []);
  services.smtp.messages.length = 0;
}

test("sign-up sends a confirmation e-mail; signing in before confirming is refused", async () => {
  const outcome = await signUp({
    input: { email: "Aroha@Example.nz", password: PASSWORD },
    meta: meta(),
  });
  expect(outcome).toMatchObject({ ok: true, messages: [MESSAGES.accountCreated] });
  // The browser that chose the password is marked (ADR 020).
  const [mark] = outcome.ok ? outcome.cookies : [];
  expect(mark).toMatch(/^patch\.sign_up=.*HttpOnly/i);
  const denied = await signIn({
    input: { email: "aroha@example.nz", password: PASSWORD },
    meta: meta(),
  });
  expect(denied).toMatchObject({ ok: false, message: MESSAGES.emailNotConfirmed });
  const cookies = await confirm("aroha@example.nz", [mark!]);
  // Confirming there signs the person in, with an HttpOnly, SameSite=Lax session cookie.
  const session = cookies.find((c) => c.startsWith("patch.session_token="));
  expect(session).toMatch(/HttpOnly/i);
  expect(session).toMatch(/SameSite=Lax/i);
  // The link works once: following it again signs nobody in.
  const message = services.smtp.messages.find((m) => m.to.includes("aroha@example.nz"))!;
  const again = await followLink(linkIn(message, `${SITE}/api/auth/verify-email`), mark);
  expect(again.status).toBe(302);
  expect(again.headers.getSetCookie().some((c) => c.startsWith("patch.session_token="))).toBe(
    false,
  );
  const signedIn = await signIn({
    input: { email: "aroha@example.nz", password: PASSWORD },
    meta: meta(),
    redirectTo: "/profile",
  });
  const cookie = expectSignedIn(signedIn, { message: MESSAGES.signedIn, redirectTo: "/profile" });
  const { user } = await getCurrentUser(meta(cookie).request);
  expect(user).toMatchObject({ email: "aroha@example.nz", displayName: "aroha", isAdmin: false });
});

test("wrong passwords, unknown addresses and waitlist members get the spec's messages", async () => {
  await createConfirmed("wiremu@example.nz");
  expect(
    await signIn({
      input: { email: "wiremu@example.nz", password: "not the password!" },
      meta: meta(),
    }),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.invalidCredentials,
  });
  expect(
    await signIn({ input: { email: "nobody@example.nz", password: PASSWORD }, meta: meta() }),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.invalidCredentials,
  });
  await db().insert(contacts).values({ id: crypto.randomUUID(), email: "waiting@example.nz" });
  expect(
    await signIn({ input: { email: "waiting@example.nz", password: PASSWORD }, meta: meta() }),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.waitlistMemberWithoutAccount,
  });
});

test("signing up again with the right password signs in; with a wrong one the answer doesn't tell", async () => {
  await createConfirmed("mere@example.nz");
  const again = await signUp({
    input: { email: "mere@example.nz", password: PASSWORD },
    meta: meta(),
  });
  expect(again).toMatchObject({ ok: true, messages: [MESSAGES.accountExists, MESSAGES.signedIn] });
  const wrong = await signUp({
    input: { email: "mere@example.nz", password: "another long passphrase" },
    meta: meta(),
  });
  // The same answer as for a new address, its browser mark included (a decoy here).
  const fresh = await signUp({
    input: { email: "mere.new@example.nz", password: PASSWORD },
    meta: meta(),
  });
  const shape = (o: typeof wrong) =>
    o.ok ? { ...o, cookies: o.cookies.map((c) => c.replace(/=[^;]+;/, "=…;")) } : o;
  expect(shape(wrong)).toEqual(shape(fresh));
  expect(wrong.ok && wrong.cookies[0]!.length).toBe(fresh.ok && fresh.cookies[0]!.length);
  // The owner hears about it.
  await services.smtp.waitFor(2);
  expect(services.smtp.messages.find((m) => m.to.includes("mere@example.nz"))?.subject).toMatch(
    /tried to create/,
  );
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
  const outcome = await signUp({
    input: { email: "weak@example.nz", password: "password1234" },
    meta: meta(),
  });
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
  const notListed = await convertWaitlist({
    input: { email: "stranger@example.nz", password: PASSWORD },
    meta: meta(),
  });
  expect(notListed).toMatchObject({ ok: false, message: MESSAGES.notInWaitlist });

  const converted = await convertWaitlist({
    input: { email: "grower@example.nz", password: PASSWORD },
    meta: meta(),
  });
  expect(converted).toMatchObject({ ok: true, messages: [MESSAGES.convertedFromWaitlist] });
  const converter = converted.ok ? converted.cookies : [];
  const [user] = await db().select().from(users).where(eq(users.email, "grower@example.nz"));
  // Until the address is confirmed, the profile is blank and the contact untouched.
  let [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile?.onboardingCompleted).toBe(false);
  await confirm("grower@example.nz", converter);
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

test("admin: verified e-mail exactly in the list, with its rights granted; nothing less", () => {
  const granted = { role: "admin" };
  expect(isAdminUser({ email: "admin@example.com", emailVerified: true, ...granted })).toBe(true);
  expect(isAdminUser({ email: "admin@example.com", emailVerified: true, role: null })).toBe(false);
  expect(isAdminUser({ email: "admin@example.com", emailVerified: false, ...granted })).toBe(false);
  expect(
    isAdminUser({ email: "admin@example.com.evil.com", emailVerified: true, ...granted }),
  ).toBe(false);
  expect(isAdminUser({ email: "someone@patch.nz", emailVerified: true, ...granted })).toBe(false);
});

test("password reset: same answer for unknown addresses, single-use link, 3 per hour", async () => {
  await createConfirmed("kowhai@example.nz");
  expect(
    await requestPasswordReset({ input: { email: "nobody@example.nz" }, meta: meta() }),
  ).toMatchObject({
    ok: true,
    messages: [MESSAGES.resetSent],
  });
  expect(
    await requestPasswordReset({ input: { email: "kowhai@example.nz" }, meta: meta() }),
  ).toMatchObject({
    ok: true,
    messages: [MESSAGES.resetSent],
  });
  await services.smtp.waitFor(1);
  const mail = services.smtp.messages.find((m) => /Reset/.test(m.subject));
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
  expect(
    await signIn({ input: { email: "kowhai@example.nz", password: newPassword }, meta: meta() }),
  ).toMatchObject({
    ok: true,
  });
  services.smtp.messages.length = 0;
  await requestPasswordReset({ input: { email: "kowhai@example.nz" }, meta: meta() });
  await requestPasswordReset({ input: { email: "kowhai@example.nz" }, meta: meta() });
  // The 4th within the hour is answered the same and sends nothing.
  expect(
    await requestPasswordReset({ input: { email: "kowhai@example.nz" }, meta: meta() }),
  ).toMatchObject({
    ok: true,
    messages: [MESSAGES.resetSent],
  });
  // Every e-mail those requests started has been sent (they aren't awaited): two, no more.
  await sendsSettled();
  expect(services.smtp.messages).toHaveLength(2);
});

test("sign-in failures slow the guesser, not the owner; a reset link lifts the account's lock", async () => {
  await createConfirmed("target@example.nz");
  const from = (clientIp: string) => ({ request: new Request(`${SITE}/auth`), clientIp });
  const attacker = from("192.0.2.77");
  const owner = from("203.0.113.200");
  const guess = (n: number) => ({ email: "target@example.nz", password: `guess number ${n}` });
  // The limits count in fixed windows (a minute, an hour): start well inside both, or the failures
  // below would be split between two windows and the limit never reached.
  const now = new Date();
  const wait =
    now.getUTCMinutes() === 59
      ? (60 - now.getUTCSeconds()) * 1000
      : now.getUTCSeconds() > 30
        ? (60 - now.getUTCSeconds()) * 1000
        : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 500));
  // 5 a minute per IP, whatever the account, with the real wait in the answer.
  for (let i = 0; i < 5; i++)
    expect((await signIn({ input: guess(i), meta: attacker })).ok).toBe(false);
  const perIp = await signIn({
    input: { email: "other@example.nz", password: PASSWORD },
    meta: attacker,
  });
  expect(perIp).toMatchObject({ ok: false, code: "limited" });
  expect(perIp.ok ? "" : perIp.message).toMatch(
    // A per-minute window: anything up to a whole minute (60 s is said as "1 minute").
    /^Too many attempts\. Please try again in (([1-9]|[1-5][0-9]) seconds?|1 minute)\.$/,
  );
  // A minute later, 5 more: 10 wrong passwords for the account from this IP in the hour.
  const aMinuteLater = () => db().delete(rateLimits).where(eq(rateLimits.bucket, "sign-in-ip"));
  await aMinuteLater();
  for (let i = 5; i < 10; i++)
    expect((await signIn({ input: guess(i), meta: attacker })).ok).toBe(false);
  await aMinuteLater();
  const locked = await signIn({
    input: { email: "target@example.nz", password: PASSWORD },
    meta: attacker,
  });
  expect(locked).toMatchObject({ ok: false, code: "limited" });
  // An hour's window: just after the hour turns, the wait is said as "1 hour".
  expect(locked.ok ? "" : locked.message).toMatch(
    /^Too many wrong attempts on this account\. Please try again in (\d+ (minutes?|seconds?)|1 hour), or reset your password to sign in now\.$/,
  );
  // That IP may still try other accounts, and the owner signs in from anywhere else.
  expect(
    await signIn({ input: { email: "other@example.nz", password: PASSWORD }, meta: attacker }),
  ).toMatchObject({
    code: "unauthorized",
  });
  expect(
    await signIn({ input: { email: "target@example.nz", password: PASSWORD }, meta: owner }),
  ).toMatchObject({
    ok: true,
    messages: [MESSAGES.signedIn],
  });
  // Guessing from 90 more addresses locks the account everywhere, until the owner resets.
  await Promise.all(
    Array.from({ length: 90 }, (_, i) =>
      recordSignInFailure(`198.18.${Math.floor(i / 250)}.${i % 250}`, "target@example.nz"),
    ),
  );
  const everywhere = await signIn({
    input: { email: "target@example.nz", password: PASSWORD },
    meta: owner,
  });
  expect(everywhere).toMatchObject({ ok: false, code: "limited" });
  expect(everywhere.ok ? "" : everywhere.message).toMatch(/reset your password to sign in now/);
  services.smtp.messages.length = 0;
  await requestPasswordReset({ input: { email: "target@example.nz" }, meta: owner });
  const [mail] = await services.smtp.waitFor(1);
  const reset = await followLink(linkIn(mail!, `${SITE}/api/auth/reset-password/`));
  const token = new URL(reset.headers.get("location")!, SITE).searchParams.get("token")!;
  const newPassword = "kowhaiwhai on the meeting house";
  expect(await resetPassword({ token, password: newPassword })).toMatchObject({ ok: true });
  expect(
    await signIn({ input: { email: "target@example.nz", password: newPassword }, meta: owner }),
  ).toMatchObject({
    ok: true,
  });
}, 120_000);

test("sign-out ends the session", async () => {
  await createConfirmed("tane@example.nz");
  const signedIn = await signIn({
    input: { email: "tane@example.nz", password: PASSWORD },
    meta: meta(),
  });
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
  await signUp({ input: { email: "ruru@example.nz", password: PASSWORD, userData }, meta: meta() });
  const [user] = await db().select().from(users).where(eq(users.email, "ruru@example.nz"));
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile).toMatchObject({
    address: { city: "Napier", region: "Hawke's Bay" },
    preferences: { growingSpace: { kind: "courtyard", sizeM2: 3 } },
    climateZone: "Hawke's Bay",
    onboardingCompleted: false,
  });
});

test("sign-up: 10 an hour from one address; the 11th is refused with the real wait", async () => {
  const fixed = { request: new Request(`${SITE}/auth`), clientIp: "192.0.2.111" };
  for (let i = 1; i <= 10; i++) {
    const outcome = await signUp({
      input: { email: `batch${i}@example.nz`, password: PASSWORD },
      meta: fixed,
    });
    expect(outcome, `sign-up ${i}`).toMatchObject({
      ok: true,
      messages: [MESSAGES.accountCreated],
    });
  }
  const eleventh = await signUp({
    input: { email: "batch11@example.nz", password: PASSWORD },
    meta: fixed,
  });
  expect(eleventh).toMatchObject({ ok: false, code: "limited" });
  expect(eleventh.ok ? 0 : eleventh.retryAfter).toBeGreaterThan(0);
  // Another address is not held up.
  expect(
    await signUp({ input: { email: "batch12@example.nz", password: PASSWORD }, meta: meta() }),
  ).toMatchObject({
    ok: true,
  });
});

test("convert from waitlist: the limit comes before the waitlist is looked up", async () => {
  await db().insert(contacts).values({ id: crypto.randomUUID(), email: "listed@example.nz" });
  const fixed = { request: new Request(`${SITE}/auth`), clientIp: "192.0.2.112" };
  // A password the policy refuses gets the same answer for a member and a stranger.
  const weak = "password1234";
  const member = await convertWaitlist({
    input: { email: "listed@example.nz", password: weak },
    meta: fixed,
  });
  const stranger = await convertWaitlist({
    input: { email: "unlisted@example.nz", password: weak },
    meta: fixed,
  });
  expect(member).toMatchObject({ ok: false, code: "invalid", message: MESSAGES.convertFailed });
  expect(stranger).toEqual(member);
  // Probing with a good password: 10 answers an hour from one address, then only the limit.
  for (let i = 1; i <= 10; i++) {
    const probe = await convertWaitlist({
      input: { email: `probe${i}@example.nz`, password: PASSWORD },
      meta: fixed,
    });
    expect(probe, `probe ${i}`).toMatchObject({ ok: false, message: MESSAGES.notInWaitlist });
  }
  for (const email of ["probe11@example.nz", "listed@example.nz"]) {
    expect(
      await convertWaitlist({ input: { email, password: PASSWORD }, meta: fixed }),
      email,
    ).toMatchObject({
      ok: false,
      code: "limited",
    });
  }
  const [account] = await db().select().from(users).where(eq(users.email, "listed@example.nz"));
  expect(account).toBeUndefined();
});

test("an address signed up by someone else: its owner's link asks for a password, and the first one stops working", async () => {
  const email = "kaitiaki@example.nz";
  const attackerPassword = "someone else chose this one";
  const ownerPassword = "the owner's own kauri passphrase";
  const attacker = await signUp({ input: { email, password: attackerPassword }, meta: meta() });
  expect(attacker).toMatchObject({ ok: true, messages: [MESSAGES.accountCreated] });

  // The owner opens the unsolicited e-mail's link (as would a mail scanner): it confirms nothing
  // and signs nobody in, but leads to choosing the password.
  const link = await confirmLink(email);
  const opened = await followLink(link);
  expect(opened.status).toBe(302);
  const page = new URL(opened.headers.get("location")!);
  expect(page.origin + page.pathname).toBe(`${SITE}/auth`);
  expect(page.searchParams.get("mode")).toBe("confirm-email");
  expect(opened.headers.getSetCookie().some((c) => c.startsWith("patch.session_token="))).toBe(
    false,
  );
  const token = page.searchParams.get("token")!;
  expect(await confirmLinkIsValid(token)).toBe(true);
  expect(
    await signIn({ input: { email, password: attackerPassword }, meta: meta() }),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.emailNotConfirmed,
  });

  // A password the policy refuses changes nothing; the owner's own confirms and signs them in.
  expect(
    await confirmEmailWithPassword({ input: { token, password: "password1234" }, meta: meta() }),
  ).toMatchObject({ ok: false, code: "invalid" });
  const confirmed = await confirmEmailWithPassword({
    input: { token, password: ownerPassword },
    meta: meta(),
  });
  const cookie = expectSignedIn(confirmed, { message: MESSAGES.emailConfirmed, redirectTo: "/" });
  const { user } = await getCurrentUser(meta(cookie).request);
  expect(user).toMatchObject({ email, emailVerified: true });

  // The password someone else chose no longer opens the account; the owner's does.
  expect(
    await signIn({ input: { email, password: attackerPassword }, meta: meta() }),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.invalidCredentials,
  });
  expect(await signIn({ input: { email, password: ownerPassword }, meta: meta() })).toMatchObject({
    ok: true,
  });
  // The link is spent, on the page and on the link alike.
  expect(await confirmLinkIsValid(token)).toBe(false);
  expect(
    await confirmEmailWithPassword({
      input: { token, password: "a third password entirely" },
      meta: meta(),
    }),
  ).toMatchObject({ ok: false, message: MESSAGES.confirmLinkInvalid });
  // Even in the browser that signed up, a spent link signs nobody in.
  const late = await followLink(link, cookieHeader(attacker.ok ? attacker.cookies : []));
  expect(late.headers.getSetCookie().some((c) => c.startsWith("patch.session_token="))).toBe(false);
});

test("signing up again on an unconfirmed address replaces nothing and sends a new link", async () => {
  const email = "kiwi@example.nz";
  const first = await signUp({
    input: { email, password: "first person's passphrase" },
    meta: meta(),
  });
  await confirmLink(email);
  services.smtp.messages.length = 0;
  const second = await signUp({
    input: { email, password: "second person's passphrase" },
    meta: meta(),
  });
  expect(second).toMatchObject({ ok: true, messages: [MESSAGES.accountCreated] });
  const link = await confirmLink(email);
  // The second browser didn't make the account: its link asks for a password there too.
  const opened = await followLink(link, cookieHeader(second.ok ? second.cookies : []));
  expect(new URL(opened.headers.get("location")!).searchParams.get("mode")).toBe("confirm-email");
  // The first browser did: the link confirms there with the first password.
  expect(
    (await followLink(link, cookieHeader(first.ok ? first.cookies : []))).headers.get("location"),
  ).toMatch(/\/auth\/callback/);
  expect(
    await signIn({ input: { email, password: "first person's passphrase" }, meta: meta() }),
  ).toMatchObject({
    ok: true,
  });
});

test("an admin address gets its rights only when its owner proves it while choosing the password", async () => {
  const adminRequest = (cookie: string) =>
    new Request(`${SITE}/admin`, { headers: cookie ? { cookie } : {} });
  const refusal = async (cookie: string) =>
    (await requireAdmin(adminRequest(cookie)).then(
      () => null,
      (r: unknown) => r,
    )) as Response | null;

  // Someone signs up ops@ first; the owner's link (or a scanner) asks for a password and grants
  // nothing, so the account can't even be signed in to.
  const attackerPassword = "a stranger chose this passphrase";
  await signUp({ input: { email: "ops@example.com", password: attackerPassword }, meta: meta() });
  await followLink(await confirmLink("ops@example.com"));
  expect(
    await signIn({ input: { email: "ops@example.com", password: attackerPassword }, meta: meta() }),
  ).toMatchObject({ ok: false, message: MESSAGES.emailNotConfirmed });

  // An account confirmed before this rule (the old link signed in whoever opened it): the
  // password may be someone else's, so /admin sends home and e-mails the owner a reset link.
  await db().update(users).set({ emailVerified: true }).where(eq(users.email, "ops@example.com"));
  const legacy = await signIn({
    input: { email: "ops@example.com", password: attackerPassword },
    meta: meta(),
  });
  const legacyCookie = cookieHeader(legacy.ok ? legacy.cookies : []);
  expect((await getCurrentUser(adminRequest(legacyCookie))).user).toMatchObject({
    isAdmin: false,
    awaitsAdminRights: true,
  });
  services.smtp.messages.length = 0;
  const home = await refusal(legacyCookie);
  expect(home?.status).toBe(302);
  expect(home?.headers.get("location")).toBe("/");
  const [reset] = await services.smtp.waitFor(1);
  expect(reset?.to).toContain("ops@example.com");
  expect(reset?.subject).toMatch(/Reset your/);

  // The owner chooses a password with that link: the other sessions end and the rights are granted.
  const followed = await followLink(linkIn(reset!, `${SITE}/api/auth/reset-password/`));
  const token = new URL(followed.headers.get("location")!, SITE).searchParams.get("token")!;
  const ownerPassword = "the real owner picked kahikatea";
  expect(await resetPassword({ token, password: ownerPassword })).toMatchObject({ ok: true });
  expect((await getCurrentUser(adminRequest(legacyCookie))).user).toBeNull();
  expect(
    await signIn({ input: { email: "ops@example.com", password: attackerPassword }, meta: meta() }),
  ).toMatchObject({ ok: false });
  const owner = await signIn({
    input: { email: "ops@example.com", password: ownerPassword },
    meta: meta(),
  });
  const ownerCookie = cookieHeader(owner.ok ? owner.cookies : []);
  expect(await refusal(ownerCookie)).toBeNull();
  expect((await requireAdmin(adminRequest(ownerCookie))).isAdmin).toBe(true);

  // The owner of grow@, whose address someone else signed up, confirms from the page: granted.
  await signUp({
    input: { email: "grow@example.com", password: "a stranger chose this one too" },
    meta: meta(),
  });
  const growPage = await followLink(await confirmLink("grow@example.com"));
  const growToken = new URL(growPage.headers.get("location")!).searchParams.get("token")!;
  const grow = await confirmEmailWithPassword({
    input: { token: growToken, password: "the real owner picked matai" },
    meta: meta(),
  });
  expect(
    (await getCurrentUser(adminRequest(cookieHeader(grow.ok ? grow.cookies : [])))).user,
  ).toMatchObject({ isAdmin: true, awaitsAdminRights: false });

  // And admin@, signed up and confirmed in its owner's own browser: granted.
  const own = await signUp({
    input: { email: "admin@example.com", password: PASSWORD },
    meta: meta(),
  });
  const signedIn = await confirm("admin@example.com", own.ok ? own.cookies : []);
  expect((await getCurrentUser(adminRequest(cookieHeader(signedIn)))).user?.isAdmin).toBe(true);
});
