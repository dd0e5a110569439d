// The profile's text-reminder switch: on (needs a verified mobile number and ticked consent, whose
// exact words are kept with the IP, browser and time), a change of frequency, and off at once. A
// confirmation text goes through the queue in the same transaction as the opt-in.
import { invalidForm } from "#app/modules/accounts/outcome.ts";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { FailureCode } from "#app/lib/outcome.ts";
import { smsReminders, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { defineJob, enqueue } from "#app/lib/queue.server.ts";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";
import type { AccountsOutcome } from "#app/modules/accounts/outcome.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";
import {
  deliverSmsOnce,
  SEND_JOB_RETRIES,
} from "#app/modules/notifications/deliver-once.server.ts";
import { confirmationText } from "./reminder-texts.server.ts";
import {
  consentStatement,
  REMINDER_FREQUENCIES,
  REMINDER_MESSAGES,
  smsRemindersSchema,
  type ReminderFrequency,
  type SmsRemindersView,
  type StopSource,
} from "./reminders.schema.ts";
import { formatPhone } from "./sms-text.ts";
import { stopSmsRemindersForUser } from "./stop-sms-reminders.server.ts";
import { oneOf } from "#app/lib/one-of.ts";

/** Switching on sends a text, so at most 5 switch-ons an hour per member. */
export const OPT_INS = { limit: 5, windowSeconds: 60 * 60 } as const;

export interface ActiveSmsReminder {
  userId: string;
  phone: string;
  frequency: ReminderFrequency;
  consentedAt: Date;
}

const isFrequency = oneOf(REMINDER_FREQUENCIES);

async function verifiedPhone(userId: string): Promise<string | null> {
  const [user] = await db()
    .select({ phone: users.phoneNumber, verified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user?.verified && user.phone ? user.phone : null;
}

/**
 * The member's running reminders, or undefined: stopped, never started, or no longer going to the
 * account's verified number. Every send asks this just before sending.
 */
export async function activeSmsReminder(userId: string): Promise<ActiveSmsReminder | undefined> {
  const [row] = await db()
    .select({
      userId: smsReminders.userId,
      phone: smsReminders.phone,
      frequency: smsReminders.frequency,
      consentedAt: smsReminders.consentedAt,
      stoppedAt: smsReminders.stoppedAt,
      accountPhone: users.phoneNumber,
      accountPhoneVerified: users.phoneNumberVerified,
    })
    .from(smsReminders)
    .innerJoin(users, eq(users.id, smsReminders.userId))
    .where(eq(smsReminders.userId, userId))
    .limit(1);
  if (!row || row.stoppedAt || !isFrequency(row.frequency)) return undefined;
  if (!row.accountPhoneVerified || row.accountPhone !== row.phone) return undefined;
  return {
    userId: row.userId,
    phone: row.phone,
    frequency: row.frequency,
    consentedAt: row.consentedAt,
  };
}

const confirmationKey = (userId: string, consentedAt: string) =>
  `sms-reminder-confirmation:${userId}:${consentedAt}`;

export const sendReminderConfirmationJob = defineJob({
  name: "reminders.send-confirmation",
  payload: z.object({ userId: z.string().min(1), consentedAt: z.iso.datetime() }),
  ...SEND_JOB_RETRIES,
  handle: async ({ userId, consentedAt }) => {
    const reminder = await activeSmsReminder(userId);
    // Switched off, or switched on again since (that opt-in has its own confirmation).
    if (!reminder || reminder.consentedAt.toISOString() !== consentedAt) return;
    await deliverSmsOnce({
      key: confirmationKey(userId, consentedAt),
      template: "sms-reminder-confirmation",
      to: reminder.phone,
      resourceType: "user",
      resourceId: userId,
      body: () => confirmationText(reminder.frequency),
    });
  },
});

/** The profile panel's data. */
export async function getSmsReminders(userId: string): Promise<SmsRemindersView> {
  const s = settings();
  const [phone, active, [row]] = await Promise.all([
    verifiedPhone(userId),
    activeSmsReminder(userId),
    db()
      .select({ stopSource: smsReminders.stopSource })
      .from(smsReminders)
      .where(eq(smsReminders.userId, userId))
      .limit(1),
  ]);
  return {
    verifiedPhone: phone,
    verifiedPhoneDisplay: phone ? formatPhone(phone) : null,
    active: active
      ? {
          frequency: active.frequency,
          phoneDisplay: formatPhone(active.phone),
          since: active.consentedAt.toISOString(),
        }
      : null,
    stoppedBy: active ? null : ((row?.stopSource ?? null) as StopSource | null),
    consentStatement: consentStatement(s.brandName),
    brandName: s.brandName,
  };
}

const refused = (
  message: string,
  field?: string,
  code: FailureCode = "invalid",
  retryAfter?: number,
): AccountsOutcome => ({
  ok: false,
  code,
  message,
  fieldErrors: field ? { [field]: message } : undefined,
  retryAfter,
});

const success = (message: string): AccountsOutcome => ({
  ok: true,
  messages: [message],
  cookies: [],
});

/** Switches reminders on (with consent) or changes how often they come. */
export async function saveSmsReminders({
  userId,
  input,
  meta,
  now = new Date(),
}: {
  userId: string;
  input: unknown;
  meta: RequestMeta;
  now?: Date;
}): Promise<AccountsOutcome> {
  const parsed = smsRemindersSchema.safeParse(input);
  if (!parsed.success) {
    return invalidForm(parsed.error);
  }
  const { frequency, consent } = parsed.data;
  const phone = await verifiedPhone(userId);
  if (!phone) return refused(REMINDER_MESSAGES.needsPhone);

  const active = await activeSmsReminder(userId);
  if (active) {
    if (active.frequency !== frequency) {
      await db()
        .update(smsReminders)
        .set({ frequency, updatedAt: now })
        .where(eq(smsReminders.userId, userId));
    }
    return success(REMINDER_MESSAGES.changed(frequency));
  }

  if (!consent) return refused(REMINDER_MESSAGES.needsConsent, "consent");
  const limit = await hitRateLimit(
    "sms-reminders-on",
    userId,
    OPT_INS.limit,
    OPT_INS.windowSeconds,
  );
  if (!limit.allowed)
    return refused(REMINDER_MESSAGES.tooMany, undefined, "limited", limit.retryAfter);

  const consentRecord = {
    phone,
    frequency,
    consentStatement: consentStatement(settings().brandName),
    consentSource: "profile",
    consentIp: meta.clientIp || null,
    consentUserAgent: meta.request.headers.get("user-agent")?.slice(0, 500) ?? null,
    consentedAt: now,
    stoppedAt: null,
    stopSource: null,
    updatedAt: now,
  };
  await db().transaction(async (tx) => {
    await tx
      .insert(smsReminders)
      .values({ userId, ...consentRecord })
      .onConflictDoUpdate({ target: smsReminders.userId, set: consentRecord });
    await enqueue(
      tx,
      sendReminderConfirmationJob,
      { userId, consentedAt: now.toISOString() },
      { singletonKey: confirmationKey(userId, now.toISOString()) },
    );
  });
  return success(REMINDER_MESSAGES.on(frequency));
}

/** The profile's off switch: effective at once (every send checks first). */
export async function switchOffSmsReminders(userId: string): Promise<AccountsOutcome> {
  const stopped = await stopSmsRemindersForUser(userId, "profile");
  return success(stopped ? REMINDER_MESSAGES.off : REMINDER_MESSAGES.alreadyOff);
}
