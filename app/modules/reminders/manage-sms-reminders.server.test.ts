// Switching text reminders on and off from the profile: a verified number and ticked consent are
// needed, the consent's words, IP, browser and time are kept, the confirmation text comes through
// the queue, and the off switch or a new number ends them at once.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { expect, test } from "vitest";
import { smsReminders, users } from "#db/schema/index.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { insertMember } from "#tests/factories/members.ts";
import { signedInAccount } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { readSmsOutbox } from "#app/lib/sms.server.ts";
import { sendLinkPhoneCode } from "#app/modules/accounts/phone-sign-in.server.ts";
import { verifyLinkPhoneCode } from "#app/flows/verify-link-phone-code.server.ts";

import {
  getSmsReminders,
  saveSmsReminders,
  sendReminderConfirmationJob,
  switchOffSmsReminders,
} from "./manage-sms-reminders.server.ts";
import { consentStatement, REMINDER_MESSAGES } from "./reminders.schema.ts";

const SITE = "https://patch.test";
const PASSWORD = "tui in the kowhai tree";
let ip = 10;

const meta = (cookie = "") => ({
  request: new Request(`${SITE}/profile`, {
    headers: { "user-agent": "Mozilla/5.0 (iPhone) Safari/605", ...(cookie ? { cookie } : {}) },
  }),
  clientIp: `203.0.113.${++ip % 250}`,
});

testServices({
  settings: () => ({
    SMS_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-sms-")),
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-mail-")),
  }),
  workers: [sendReminderConfirmationJob] as never,
});

const textsTo = (to: string) => readSmsOutbox().filter((m) => m.to === to);

async function waitForTexts(to: string, n: number) {
  const until = Date.now() + 15_000;
  while (textsTo(to).length < n) {
    if (Date.now() > until) throw new Error(`expected ${n} texts to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return textsTo(to);
}

/** Saves reminders as the profile form posts them (by default weekly, consent ticked). */
const save = (userId: string, input: object = { frequency: "weekly", consent: "yes" }) =>
  saveSmsReminders({ userId, input, meta: meta() });

async function member(email: string, phone: string | null, verified = true) {
  return insertMember({ email, phoneNumber: phone, phoneNumberVerified: phone ? verified : null });
}

test("switching on needs a verified number, a frequency and ticked consent", async () => {
  const none = await member("nophone@example.nz", null);
  expect(await save(none)).toEqual({
    ok: false,
    code: "invalid",
    message: REMINDER_MESSAGES.needsPhone,
    fieldErrors: undefined,
  });
  const unproved = await member("unproved@example.nz", "+64211110001", false);
  expect(await save(unproved)).toMatchObject({ ok: false, message: REMINDER_MESSAGES.needsPhone });

  const id = await member("proved@example.nz", "+64211110002");
  expect(await save(id, { frequency: "fortnightly", consent: "yes" })).toMatchObject({
    ok: false,
    fieldErrors: { frequency: REMINDER_MESSAGES.chooseFrequency },
  });
  expect(await save(id, { frequency: "weekly" })).toMatchObject({
    ok: false,
    fieldErrors: { consent: REMINDER_MESSAGES.needsConsent },
  });
  // None for these three (the other tests' members may have theirs).
  expect(
    await db()
      .select()
      .from(smsReminders)
      .where(inArray(smsReminders.userId, [none, unproved, id])),
  ).toEqual([]);
  expect((await getSmsReminders(none)).verifiedPhone).toBeNull();
});

test("consent is stored word for word, and the confirmation text names Patch and how to stop", async () => {
  const id = await member("kereru@example.nz", "+64211110003");
  const before = Date.now();
  expect(await save(id)).toEqual({
    ok: true,
    messages: [REMINDER_MESSAGES.on("weekly")],
    cookies: [],
  });
  const [row] = await db().select().from(smsReminders).where(eq(smsReminders.userId, id));
  expect(row).toMatchObject({
    phone: "+64211110003",
    frequency: "weekly",
    consentStatement: consentStatement("Patch"),
    consentSource: "profile",
    consentUserAgent: "Mozilla/5.0 (iPhone) Safari/605",
    stoppedAt: null,
    stopSource: null,
  });
  expect(row!.consentIp).toMatch(/^203\.0\.113\./);
  expect(row!.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(consentStatement("Patch")).toContain("replying STOP");

  const [text] = await waitForTexts("+64211110003", 1);
  expect(text!.body).toBe(
    "Patch: you're signed up for weekly garden reminders, each Friday evening about Saturday's garden session. Change them any time in your profile. Reply STOP to end.",
  );
  const view = await getSmsReminders(id);
  expect(view).toMatchObject({
    verifiedPhone: "+64211110003",
    verifiedPhoneDisplay: "+64 21 111 0003",
    active: { frequency: "weekly", phoneDisplay: "+64 21 111 0003" },
    stoppedBy: null,
  });

  // Changing how often needs no new consent and sends nothing.
  expect(await save(id, { frequency: "monthly" })).toMatchObject({
    ok: true,
    messages: [REMINDER_MESSAGES.changed("monthly")],
  });
  expect((await getSmsReminders(id)).active?.frequency).toBe("monthly");

  // Off at once; a second press says so; the confirmation job re-run sends nothing.
  expect(await switchOffSmsReminders(id)).toMatchObject({ messages: [REMINDER_MESSAGES.off] });
  expect(await switchOffSmsReminders(id)).toMatchObject({
    messages: [REMINDER_MESSAGES.alreadyOff],
  });
  expect(await getSmsReminders(id)).toMatchObject({ active: null, stoppedBy: "profile" });
  await sendReminderConfirmationJob.handle(
    { userId: id, consentedAt: row!.consentedAt.toISOString() },
    { jobId: "again", attempt: 1 },
  );
  await drainQueue([sendReminderConfirmationJob]);
  expect(textsTo("+64211110003")).toHaveLength(1);

  // On again: new consent, a new confirmation.
  expect(await save(id, { frequency: "monthly" })).toMatchObject({
    ok: false,
    fieldErrors: { consent: REMINDER_MESSAGES.needsConsent },
  });
  expect(await save(id, { frequency: "monthly", consent: "yes" })).toMatchObject({ ok: true });
  const texts = await waitForTexts("+64211110003", 2);
  expect(texts[0]!.body).toContain("you're signed up for monthly garden reminders");
});

test("switching on again and again is limited, since each sends a text", async () => {
  const id = await member("pukeko@example.nz", "+64211110004");
  for (let i = 0; i < 5; i++) {
    expect(await save(id)).toMatchObject({ ok: true });
    await switchOffSmsReminders(id);
  }
  expect(await save(id)).toMatchObject({
    ok: false,
    code: "limited",
  });
});

test("verifying a new number on the profile stops reminders to the old one", async () => {
  const email = "tauhou@example.nz";
  const { id, cookie } = await signedInAccount({ email, password: PASSWORD, meta: meta() });
  const account = { id };
  const link = async (phone: string) => {
    const count = textsTo(phone).length;
    expect(
      await sendLinkPhoneCode({ user: account!, input: { phone }, meta: meta(cookie) }),
    ).toMatchObject({ ok: true });
    const [text] = await waitForTexts(phone, count + 1);
    const code = /\b(\d{6})\b/.exec(text!.body)![1]!;
    expect(await verifyLinkPhoneCode({ input: { phone, code }, meta: meta(cookie) })).toMatchObject(
      { ok: true },
    );
  };
  await link("+64211110005");
  const [user] = await db().select().from(users).where(eq(users.email, email));
  expect(await save(user!.id)).toMatchObject({ ok: true });
  expect((await getSmsReminders(user!.id)).active).not.toBeNull();

  await link("+64211110006");
  const [row] = await db().select().from(smsReminders).where(eq(smsReminders.userId, user!.id));
  expect(row).toMatchObject({ phone: "+64211110005", stopSource: "phone_changed" });
  expect(row!.stoppedAt).toBeInstanceOf(Date);
  expect(await getSmsReminders(user!.id)).toMatchObject({
    active: null,
    stoppedBy: "phone_changed",
    verifiedPhone: "+64211110006",
  });
});
