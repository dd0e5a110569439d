// The profile's use-cases on a real database: saving details and address, devices and the logout
// scopes, the recent-sign-in rule, the data export and deleting the account; the 30-day limit.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import {
  contacts,
  creditEntries,
  profiles,
  sessions,
  smsReminders,
  users,
} from "#db/schema/index.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { confirmedAccount, cookieHeader } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { accountsAuth } from "./accounts-auth.server.ts";
import { banUser, searchUsers, signOutUserEverywhere, unbanUser } from "./admin-users.server.ts";
import { changeEmail } from "./change-email.server.ts";
import { deleteAccount } from "./delete-account.server.ts";
import { getPersonalCalendar } from "#app/modules/guidance/personal-calendar.server.ts";
import { exportMyData } from "./export-my-data.server.ts";
import { getCurrentUser, type CurrentUser } from "./get-current-user.server.ts";
import { getProfile } from "./get-profile.server.ts";
import { withRequestMemo } from "#app/lib/request-memo.server.ts";
import { changePassword } from "./change-password.server.ts";
import {
  listDeviceSessions,
  revokeDeviceSession,
  revokeOtherDeviceSessions,
  signOutEverywhere,
} from "./manage-sessions.server.ts";
import { signIn } from "./sign-in.server.ts";
import { saveAddress, updateProfile } from "./update-profile.server.ts";

const SITE = "https://patch.test";
const PASSWORD = "weka wander the track";
let ip = 0;

const services = testServices({ smtp: true });

const metaFor = (cookie: string, agent = "vitest") => ({
  request: new Request(`${SITE}/profile`, { headers: { cookie, "user-agent": agent } }),
  clientIp: `203.0.113.${++ip % 250}`,
});

/** A confirmed account signed in on one device: its cookie and current user. */
async function signedIn(
  email: string,
  agent = "vitest",
): Promise<{ cookie: string; user: CurrentUser }> {
  const existing = await db().select().from(users).where(eq(users.email, email));
  if (existing.length === 0) await confirmedAccount(email, PASSWORD);
  const outcome = await signIn({ input: { email, password: PASSWORD }, meta: metaFor("", agent) });
  if (!outcome.ok) throw new Error(outcome.message);
  const cookie = cookieHeader(outcome.cookies);
  const { user } = await getCurrentUser(metaFor(cookie).request);
  return { cookie, user: user! };
}

test("saving the profile and the address; climate zone follows the region", async () => {
  const { user } = await signedIn("rata@example.nz");
  expect(
    await updateProfile({
      userId: user.id,
      input: {
        fullName: "Rātā Smith",
        phone: "021 555 0142",
        street: "12 Kowhai Lane",
        suburb: "Riccarton",
        city: "Christchurch",
        region: "Canterbury",
        zip: "8011",
        country: "New Zealand",
        interests: ["herbs", "fruit"],
        growingSpace: "balcony",
      },
    }),
  ).toEqual({ ok: true });
  let profile = await getProfile(user.id);
  expect(profile).toMatchObject({
    fullName: "Rātā Smith",
    phone: "021 555 0142",
    address: { city: "Christchurch", region: "Canterbury", state: "Canterbury", zip: "8011" },
    preferences: { interests: ["herbs", "fruit"], growingSpace: { kind: "balcony" } },
    climateZone: "Canterbury",
  });
  expect(
    await updateProfile({ userId: user.id, input: { zip: "80110", region: "Atlantis" } }),
  ).toMatchObject({
    ok: false,
    fieldErrors: {
      zip: "A New Zealand postcode has 4 digits.",
      region: "Please select your region in New Zealand",
    },
  });
  expect(
    await saveAddress({
      userId: user.id,
      input: { street: "1 Quay St", city: "Auckland", region: "Auckland" },
    }),
  ).toEqual({
    ok: true,
  });
  profile = await getProfile(user.id);
  expect(profile.climateZone).toBe("Auckland");
  expect(profile.fullName).toBe("Rātā Smith");
  const { user: again } = await getCurrentUser(
    metaFor((await signedIn("rata@example.nz")).cookie).request,
  );
  expect(again?.displayName).toBe("Rātā Smith");
});

test("devices: sign out one, all others, everywhere", async () => {
  const email = "kea@example.nz";
  const phone = await signedIn(email, "Mozilla/5.0 (iPhone) Safari/604.1");
  const laptop = await signedIn(email, "Mozilla/5.0 (Windows NT 10.0) Chrome/130.0");
  const tablet = await signedIn(email, "Mozilla/5.0 (Android) Chrome/130.0");
  const list = await listDeviceSessions({
    meta: metaFor(laptop.cookie),
    currentSessionId: laptop.user.sessionId,
  });
  expect(list).toHaveLength(3);
  expect(list[0]).toMatchObject({ current: true, id: laptop.user.sessionId });
  expect(JSON.stringify(list)).not.toContain("token");

  expect(
    await revokeDeviceSession({ meta: metaFor(laptop.cookie), sessionId: phone.user.sessionId }),
  ).toMatchObject({
    ok: true,
    messages: [MESSAGES.sessionRevoked],
  });
  expect((await getCurrentUser(metaFor(phone.cookie).request)).user).toBeNull();

  expect(await revokeOtherDeviceSessions(metaFor(laptop.cookie))).toMatchObject({ ok: true });
  expect((await getCurrentUser(metaFor(tablet.cookie).request)).user).toBeNull();
  expect((await getCurrentUser(metaFor(laptop.cookie).request)).user).not.toBeNull();

  const other = await signedIn(email);
  expect(await signOutEverywhere(metaFor(laptop.cookie))).toMatchObject({
    ok: true,
    messages: [MESSAGES.signedOut],
  });
  expect((await getCurrentUser(metaFor(laptop.cookie).request)).user).toBeNull();
  expect((await getCurrentUser(metaFor(other.cookie).request)).user).toBeNull();
});

test("changing the password needs a sign-in within 10 minutes and signs out other devices", async () => {
  const email = "tuatara@example.nz";
  const old = await signedIn(email);
  const current = await signedIn(email);
  const stale = { signedInAt: new Date(Date.now() - 11 * 60_000).toISOString() };
  const newPassword = "ruru calls at midnight";
  expect(
    await changePassword({
      input: { currentPassword: PASSWORD, newPassword },
      meta: metaFor(current.cookie),
      user: stale,
    }),
  ).toMatchObject({ ok: false, reauth: true, message: MESSAGES.reauthRequired });
  expect(
    await changePassword({
      input: { currentPassword: "wrong password!!", newPassword },
      meta: metaFor(current.cookie),
      user: current.user,
    }),
  ).toMatchObject({ ok: false, message: MESSAGES.wrongCurrentPassword });
  expect(
    await changePassword({
      input: { currentPassword: PASSWORD, newPassword: "password1234" },
      meta: metaFor(current.cookie),
      user: current.user,
    }),
  ).toMatchObject({ ok: false, passwordProblems: [expect.stringMatching(/most common/)] });
  const changed = await changePassword({
    input: { currentPassword: PASSWORD, newPassword },
    meta: metaFor(current.cookie),
    user: current.user,
  });
  expect(changed).toMatchObject({ ok: true, messages: [MESSAGES.passwordChanged] });
  expect((await getCurrentUser(metaFor(old.cookie).request)).user).toBeNull();
});

test("export holds the account, profile, devices and waitlist entry, never tokens or hashes", async () => {
  const email = "pukeko@example.nz";
  await db().insert(contacts).values({ id: crypto.randomUUID(), email, region: "Otago" });
  const { user } = await signedIn(email);
  // A calendar address (a secret) and text reminders with their consent.
  await getPersonalCalendar(user.id);
  await db().insert(smsReminders).values({
    userId: user.id,
    phone: "+64211234567",
    frequency: "weekly",
    consentStatement: "Text me weekly garden reminders.",
    consentSource: "https://patch.test/profile",
  });
  const data = await exportMyData(user.id);
  expect(data).toMatchObject({
    account: { email, emailVerified: true },
    profile: { id: user.id, onboardingCompleted: true },
    waitlist: [{ email, source: "waitlist_page_migrated" }],
  });
  expect(data?.signedInDevices.length).toBeGreaterThan(0);
  const text = JSON.stringify(data);
  expect(text).not.toMatch(/"token"|"password"|\$argon2|calendarToken/);
  expect(data?.textReminders).toMatchObject({
    phone: "+64211234567",
    frequency: "weekly",
    consentStatement: "Text me weekly garden reminders.",
  });
});

test("export holds the member's credits ledger: every credit and debit, oldest first", async () => {
  const { user } = await signedIn("tui@example.nz");
  await db()
    .insert(creditEntries)
    .values([
      {
        userId: user.id,
        amount: 1500,
        kind: "goodwill",
        note: "Sorry about the late box.",
        requestKey: crypto.randomUUID(),
        createdAt: new Date("2026-12-01T00:00:00Z"),
      },
      {
        userId: user.id,
        amount: -1500,
        kind: "applied_to_box",
        note: "The box of the week starting Friday 8 January 2027.",
        requestKey: crypto.randomUUID(),
        createdAt: new Date("2027-01-03T00:00:00Z"),
      },
    ]);
  const data = await exportMyData(user.id);
  expect(data?.credits).toEqual([
    {
      amount: 1500,
      kind: "goodwill",
      note: "Sorry about the late box.",
      at: new Date("2026-12-01T00:00:00Z"),
    },
    {
      amount: -1500,
      kind: "applied_to_box",
      note: "The box of the week starting Friday 8 January 2027.",
      at: new Date("2027-01-03T00:00:00Z"),
    },
  ]);
});

test("deleting the account: confirmed with the password; profile and sessions go, contact unlinked", async () => {
  const email = "moa@example.nz";
  await db().insert(contacts).values({ id: crypto.randomUUID(), email });
  const { cookie, user } = await signedIn(email);
  expect(
    await deleteAccount({ user, input: { password: PASSWORD }, meta: metaFor(cookie) }),
  ).toMatchObject({
    ok: false,
    fieldErrors: { confirm: expect.any(String) },
  });
  expect(
    await deleteAccount({
      user,
      input: { password: "not my password", confirm: "yes" },
      meta: metaFor(cookie),
    }),
  ).toMatchObject({ ok: false, fieldErrors: { deletePassword: expect.any(String) } });
  expect(
    await deleteAccount({
      user,
      input: { password: PASSWORD, confirm: "yes" },
      meta: metaFor(cookie),
    }),
  ).toMatchObject({
    ok: true,
    messages: [MESSAGES.accountDeleted],
  });
  expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
  expect(await db().select().from(profiles).where(eq(profiles.id, user.id))).toEqual([]);
  expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  const [contact] = await db().select().from(contacts).where(eq(contacts.email, email));
  expect(contact?.userId).toBeNull();
});

test("a session ends 30 days after sign-in however much it is used", async () => {
  const { cookie, user } = await signedIn("kiwi@example.nz");
  await db()
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(eq(sessions.id, user.sessionId));
  expect((await getCurrentUser(metaFor(cookie).request)).user).toBeNull();
  expect(await db().select().from(sessions).where(eq(sessions.id, user.sessionId))).toEqual([]);
});

test("admin: search, suspend (signed out, can't sign in), restore, sign out everywhere", async () => {
  const admin = (await signedIn("grow@example.com")).user;
  const target = await signedIn("weta@example.nz");
  expect(await searchUsers("weta")).toMatchObject([{ email: "weta@example.nz", sessions: 1 }]);
  expect(await banUser({ actor: admin, userId: admin.id, reason: null })).toMatchObject({
    ok: false,
  });
  expect(await banUser({ actor: admin, userId: target.user.id, reason: "spam" })).toMatchObject({
    ok: true,
  });
  expect((await getCurrentUser(metaFor(target.cookie).request)).user).toBeNull();
  expect(
    await signIn({ input: { email: "weta@example.nz", password: PASSWORD }, meta: metaFor("") }),
  ).toMatchObject({ ok: false, message: MESSAGES.accountSuspended });
  expect(await unbanUser({ actor: admin, userId: target.user.id })).toMatchObject({ ok: true });
  const back = await signedIn("weta@example.nz");
  expect(await signOutUserEverywhere({ actor: admin, userId: back.user.id })).toMatchObject({
    ok: true,
    message: "Signed out of 1 device.",
  });
  expect((await getCurrentUser(metaFor(back.cookie).request)).user).toBeNull();
});

test("changing the e-mail: recent sign-in, link to the new address, then it is the sign-in address", async () => {
  const { cookie, user } = await signedIn("kahikatea@example.nz");
  const stale = { ...user, signedInAt: new Date(Date.now() - 11 * 60_000).toISOString() };
  expect(
    await changeEmail({
      user: stale,
      input: { newEmail: "new@example.nz" },
      meta: metaFor(cookie),
    }),
  ).toMatchObject({
    reauth: true,
  });
  expect(
    await changeEmail({ user, input: { newEmail: "totara@example.nz" }, meta: metaFor(cookie) }),
  ).toMatchObject({
    ok: true,
    messages: [MESSAGES.emailChangeSent],
  });
  const until = Date.now() + 5_000;
  let mail = services.smtp.messages.find((m) => m.to.includes("totara@example.nz"));
  while (!mail && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    mail = services.smtp.messages.find((m) => m.to.includes("totara@example.nz"));
  }
  expect(mail?.subject).toMatch(/Confirm your new email/);
  const res = await accountsAuth().handler(
    new Request(linkIn(mail!, `${SITE}/api/auth/verify-email`), {
      headers: { "x-patch-client-ip": "203.0.113.1" },
    }),
  );
  expect(res.status).toBe(302);
  const [row] = await db().select().from(users).where(eq(users.id, user.id));
  expect(row).toMatchObject({ email: "totara@example.nz", emailVerified: true });
  expect(
    await signIn({ input: { email: "totara@example.nz", password: PASSWORD }, meta: metaFor("") }),
  ).toMatchObject({
    ok: true,
  });
});

test("a page request reads the profile once for the session, the layout and the page", async () => {
  const { cookie, user } = await signedIn("kereru.once@example.nz");
  await updateProfile({ userId: user.id, input: { fullName: "Kererū Once", phone: "" } });
  const request = () => metaFor(cookie).request;
  await withRequestMemo(async () => {
    const { user: current } = await getCurrentUser(request());
    expect(current?.fullName).toBe("Kererū Once");
    // Changed behind the request's back: its loaders still see the row the session look-up read.
    await db().update(profiles).set({ fullName: "Behind" }).where(eq(profiles.id, user.id));
    expect((await getProfile(current!.id)).fullName).toBe("Kererū Once");
    expect(await getProfile(current!.id)).toBe(await getProfile(current!.id));
  });
  // The next request reads afresh.
  await withRequestMemo(async () => {
    const { user: current } = await getCurrentUser(request());
    expect(current?.fullName).toBe("Behind");
    expect((await getProfile(current!.id)).fullName).toBe("Behind");
  });
  // Outside a page request (an action, a job) each call reads afresh, so a change is seen at once.
  expect(await getProfile(user.id)).not.toBe(await getProfile(user.id));
  await updateProfile({ userId: user.id, input: { fullName: "Kererū Twice", phone: "" } });
  expect((await getProfile(user.id)).fullName).toBe("Kererū Twice");
});
