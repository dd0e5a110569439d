// Withdrawing consent, every way it can be withdrawn (issue 17): the waitlist's unsubscribe link,
// a member's growing-tips switch and link, and the ends of text reminders. Each must stop exactly
// what it names, keep the first time it was said, and be safe to repeat.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contactConsents, contacts, profiles, smsReminders, users } from "#db/schema/index.ts";
import { insertSmsReminders } from "#tests/factories/sms-reminders.ts";
import { testSettings } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import {
  memberForTipsUnsubscribe,
  setGrowingTips,
  unsubscribeMemberFromTips,
} from "#app/modules/growing-tips/tips-opt-out.server.ts";
import { memberTipsUnsubscribeUrl } from "#app/modules/growing-tips/member-tips-links.server.ts";
import {
  stopSmsRemindersAfterPhoneChange,
  stopSmsRemindersForNumber,
  stopSmsRemindersForUser,
} from "#app/modules/reminders/stop-sms-reminders.server.ts";
import { unsubscribeUrl } from "./contact-links.server.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";
import { contactForUnsubscribe, unsubscribeContact } from "./unsubscribe-contact.server.ts";
import { testServices } from "#tests/setup/test-services.ts";

const env = testServices({
  queues: [syncContactToCrmJob] as never,
});

const tokenOf = (url: string) => new URL(url).searchParams.get("token");
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function member(email: string, profile: { tipsOptedOutAt?: Date } | null = {}) {
  const id = randomUUID();
  await db().insert(users).values({ id, name: "", email, emailVerified: true });
  if (profile)
    await db()
      .insert(profiles)
      .values({ id, ...profile });
  return id;
}
const profileOf = async (id: string) =>
  (await db().select().from(profiles).where(eq(profiles.id, id)))[0];

async function contact(email: string, state: { unsubscribedAt?: Date } = {}) {
  const id = randomUUID();
  await db()
    .insert(contacts)
    .values({ id, email, region: "Otago", address: { state: "Otago" }, ...state });
  return id;
}
async function consent(contactId: string, withdrawnAt: Date | null = null) {
  await db().insert(contactConsents).values({
    contactId,
    purpose: "waitlist_email",
    statement: "Email me about Patch.",
    source: "/",
    withdrawnAt,
  });
}
const contactRow = async (id: string) =>
  (await db().select().from(contacts).where(eq(contacts.id, id)))[0]!;
const consentsOf = async (id: string) =>
  db().select().from(contactConsents).where(eq(contactConsents.contactId, id));
const crmJobs = async (contactId: string) =>
  (await queue().findJobs(syncContactToCrmJob.name, { data: { contactId } })).length;

test("the waitlist link unsubscribes, withdraws the consent, and a repeat keeps the first time", async () => {
  const id = await contact("aroha@example.nz");
  await consent(id);
  const token = tokenOf(unsubscribeUrl(id));
  expect(await contactForUnsubscribe(token)).toEqual({
    email: "aroha@example.nz",
    unsubscribed: false,
  });

  expect(await unsubscribeContact(token)).toEqual({ ok: true, email: "aroha@example.nz" });
  const first = await contactRow(id);
  expect(first.unsubscribedAt).toBeInstanceOf(Date);
  expect(first.updatedAt).toEqual(first.unsubscribedAt);
  const [given] = await consentsOf(id);
  expect(given!.withdrawnAt).toEqual(first.unsubscribedAt);
  expect(await contactForUnsubscribe(token)).toEqual({
    email: "aroha@example.nz",
    unsubscribed: true,
  });

  expect(await unsubscribeContact(token)).toEqual({ ok: true, email: "aroha@example.nz" });
  expect((await contactRow(id)).unsubscribedAt).toEqual(first.unsubscribedAt);
  expect((await consentsOf(id))[0]!.withdrawnAt).toEqual(given!.withdrawnAt);
});

test("asked to join again since unsubscribing, the link moves the time on; other contacts are untouched", async () => {
  const before = minutesAgo(60);
  const id = await contact("rejoin@example.nz", { unsubscribedAt: before });
  await consent(id, before);
  await consent(id); // the re-join's new consent
  const bystander = await contact("bystander@example.nz");
  await consent(bystander);

  expect(await unsubscribeContact(tokenOf(unsubscribeUrl(id)))).toMatchObject({ ok: true });
  const after = (await contactRow(id)).unsubscribedAt!;
  expect(after.getTime()).toBeGreaterThan(before.getTime());
  const consents = (await consentsOf(id)).map((c) => c.withdrawnAt?.getTime()).sort();
  expect(consents).toEqual([before.getTime(), after.getTime()].sort());

  expect((await contactRow(bystander)).unsubscribedAt).toBeNull();
  expect((await consentsOf(bystander))[0]!.withdrawnAt).toBeNull();
});

test("a member with the contact's address stops getting tips too, keeping an earlier opt-out", async () => {
  const on = await member("both@example.nz");
  const id = await contact("both@example.nz");
  const earlier = minutesAgo(90);
  const off = await member("already@example.nz", { tipsOptedOutAt: earlier });
  const offContact = await contact("already@example.nz");
  const other = await member("someone-else@example.nz");

  await unsubscribeContact(tokenOf(unsubscribeUrl(id)));
  await unsubscribeContact(tokenOf(unsubscribeUrl(offContact)));
  expect((await profileOf(on))!.tipsOptedOutAt).toEqual((await contactRow(id)).unsubscribedAt);
  expect((await profileOf(off))!.tipsOptedOutAt).toEqual(earlier);
  expect((await profileOf(other))!.tipsOptedOutAt).toBeNull();
});

test("the CRM hears of an unsubscribe once, and only when it is set up", async () => {
  const id = await contact("crm@example.nz");
  await consent(id);
  const token = tokenOf(unsubscribeUrl(id));
  await unsubscribeContact(token);
  expect(await crmJobs(id)).toBe(0);

  setSettings(
    testSettings({
      DATABASE_URL: "memory://",
      SITE_URL: "https://patch.test",
      CRM_WEBHOOK_URL: "https://crm.example/hook",
      CRM_WEBHOOK_SECRET: "a-crm-secret-of-thirty-two-chars",
    }),
  );
  try {
    const next = await contact("crm2@example.nz");
    await consent(next);
    const nextToken = tokenOf(unsubscribeUrl(next));
    await unsubscribeContact(nextToken);
    expect(await crmJobs(next)).toBe(1);
    // Already unsubscribed, nothing changed: nothing to tell.
    await unsubscribeContact(nextToken);
    expect(await crmJobs(next)).toBe(1);
  } finally {
    setSettings(env.database.settings);
  }
});

test("a forged, foreign or dangling unsubscribe link does nothing", async () => {
  const id = await contact("safe@example.nz");
  await consent(id);
  for (const token of [
    null,
    "forged.token",
    signToken("confirm", id),
    signToken("unsubscribe", randomUUID()),
  ]) {
    expect(await unsubscribeContact(token)).toEqual({ ok: false });
    expect(await contactForUnsubscribe(token)).toBeNull();
  }
  expect((await contactRow(id)).unsubscribedAt).toBeNull();
  expect((await consentsOf(id))[0]!.withdrawnAt).toBeNull();
});

test("a member's tips switch: off keeps the first time, on clears it, only their own", async () => {
  const id = await member("switch@example.nz", null);
  const other = await member("neighbour@example.nz");
  await setGrowingTips(id, false);
  const first = (await profileOf(id))!.tipsOptedOutAt!;
  expect(first).toBeInstanceOf(Date);
  expect((await profileOf(id))!.updatedAt).toEqual(first);
  await new Promise((r) => setTimeout(r, 5));
  await setGrowingTips(id, false);
  expect((await profileOf(id))!.tipsOptedOutAt).toEqual(first);

  await setGrowingTips(id, true);
  const on = (await profileOf(id))!;
  expect(on.tipsOptedOutAt).toBeNull();
  expect(on.updatedAt.getTime()).toBeGreaterThan(first.getTime());
  expect((await profileOf(other))!.tipsOptedOutAt).toBeNull();

  await setGrowingTips(other, false);
  expect((await profileOf(id))!.tipsOptedOutAt).toBeNull();
});

test("the tips link in a member's e-mail switches off their tips, and only with a genuine token", async () => {
  const id = await member("linked@example.nz", null);
  const token = tokenOf(memberTipsUnsubscribeUrl(id));
  expect(await memberForTipsUnsubscribe(token)).toEqual({
    userId: id,
    email: "linked@example.nz",
    unsubscribed: false,
  });
  expect(await unsubscribeMemberFromTips(token)).toEqual({ ok: true, email: "linked@example.nz" });
  expect((await profileOf(id))!.tipsOptedOutAt).toBeInstanceOf(Date);
  expect(await memberForTipsUnsubscribe(token)).toMatchObject({ unsubscribed: true });

  for (const bad of [null, "forged.token", signToken("unsubscribe", id)]) {
    expect(await memberForTipsUnsubscribe(bad)).toBeNull();
    expect(await unsubscribeMemberFromTips(bad)).toEqual({ ok: false });
  }
  const gone = tokenOf(memberTipsUnsubscribeUrl(randomUUID()));
  expect(await memberForTipsUnsubscribe(gone)).toBeNull();
  expect(await unsubscribeMemberFromTips(gone)).toEqual({ ok: false });
});

async function reminders(phone: string, stoppedAt: Date | null = null) {
  const id = await member(`${randomUUID().slice(0, 8)}@example.nz`);
  await insertSmsReminders(id, phone, { stoppedAt });
  return id;
}
const reminderOf = async (id: string) =>
  (await db().select().from(smsReminders).where(eq(smsReminders.userId, id)))[0]!;

test("text reminders stop from the member's switch, once, saying so", async () => {
  const id = await reminders("+64211230001");
  const other = await reminders("+64211230002");
  const now = new Date("2026-11-24T10:00:00Z");
  expect(await stopSmsRemindersForUser(id, "profile", now)).toBe(true);
  expect(await reminderOf(id)).toMatchObject({
    stoppedAt: now,
    stopSource: "profile",
    updatedAt: now,
  });
  expect(await stopSmsRemindersForUser(id, "profile", new Date())).toBe(false);
  expect((await reminderOf(id)).stoppedAt).toEqual(now);
  expect((await reminderOf(other)).stoppedAt).toBeNull();
});

test("a STOP reply ends every running reminder to that number and no other", async () => {
  const phone = "+64211230010";
  const a = await reminders(phone);
  const earlier = minutesAgo(10);
  const b = await reminders(phone, earlier);
  const c = await reminders("+64211230011");
  const now = new Date("2026-11-24T11:00:00Z");
  expect(await stopSmsRemindersForNumber(phone, now)).toBe(1);
  expect(await reminderOf(a)).toMatchObject({ stoppedAt: now, stopSource: "sms_stop" });
  expect(await reminderOf(b)).toMatchObject({ stoppedAt: earlier, stopSource: "profile" });
  expect((await reminderOf(c)).stoppedAt).toBeNull();
  expect(await stopSmsRemindersForNumber(phone, now)).toBe(0);
});

test("a changed number ends reminders to the old one; the same number or another member's stay", async () => {
  const moved = await reminders("+64211230020");
  const same = await reminders("+64211230021");
  const gone = await reminders("+64211230022");
  const now = new Date("2026-11-24T12:00:00Z");
  await stopSmsRemindersAfterPhoneChange(moved, "+64211239999", now);
  await stopSmsRemindersAfterPhoneChange(same, "+64211230021", now);
  await stopSmsRemindersAfterPhoneChange(gone, null, now);
  expect(await reminderOf(moved)).toMatchObject({ stoppedAt: now, stopSource: "phone_changed" });
  expect((await reminderOf(same)).stoppedAt).toBeNull();
  expect(await reminderOf(gone)).toMatchObject({ stoppedAt: now, stopSource: "phone_changed" });
});
