// Scheduled reminder texts, on New Zealand's clock: weekly ones on Friday at 5pm about Saturday
// morning's garden session, monthly ones on the 1st at 9am with the month's guide. A dispatch job
// fans out one send job per member; each send re-checks that the member still wants texts to that
// number and is delivered once per member per period (ADR 005), however often the dispatch runs.
// A weekly text for a member with a saved garden plan lists that weekend's jobs from its schedule.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { profiles, smsReminders, users, type ProfileAddress } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { isNzRegion, type NzRegion } from "#app/lib/nz-regions.ts";
import { defineCronJob, defineJob } from "#app/lib/queue.server.ts";
import { mondayOf, weekendJobs, type ScheduleTask } from "#app/modules/garden/garden-schedule.ts";
import { getGardenSchedule } from "#app/modules/garden/get-garden-schedule.server.ts";
import {
  addDays,
  dayOfWeek,
  isoDate,
  NZ_TIME_ZONE,
  parseIsoDate,
  todayInNewZealand,
} from "#app/modules/guidance/new-zealand-date.ts";
import { deliverSmsOnce } from "#app/modules/notifications/deliver-once.server.ts";
import { DEFAULT_PLAN_ID, findPlan, plans } from "#app/modules/subscriptions/plans.ts";
import { activeSmsReminder } from "./manage-sms-reminders.server.ts";
import {
  monthlyReminderText,
  planWeekendText,
  weeklyReminderText,
} from "./reminder-texts.server.ts";
import { REMINDER_FREQUENCIES, type ReminderFrequency } from "./reminders.schema.ts";
import { queueSends } from "#app/modules/notifications/queue-sends.server.ts";

/**
 * The period a run is for, in New Zealand: weekly, the coming Saturday ("2026-11-28", the day
 * itself when run on a Saturday); monthly, the month ("2026-12").
 */
export function reminderPeriod(frequency: ReminderFrequency, now = new Date()): string {
  const today = todayInNewZealand(now);
  if (frequency === "monthly") return isoDate(today).slice(0, 7);
  return isoDate(addDays(today, (6 - dayOfWeek(today) + 7) % 7));
}

export const reminderKey = (userId: string, period: string) => `sms-reminder:${userId}:${period}`;

function regionOf(address: ProfileAddress | undefined): NzRegion | undefined {
  const region = address?.region ?? address?.state;
  return isNzRegion(region) ? region : undefined;
}

/** A retry that comes after its Saturday or month has gone sends nothing. */
function periodHasPassed(frequency: ReminderFrequency, period: string, now: Date): boolean {
  const today = todayInNewZealand(now);
  return frequency === "monthly" ? isoDate(today).slice(0, 7) > period : isoDate(today) > period;
}

/**
 * The weekend's jobs from the member's garden schedule, none without a saved plan. The schedule
 * starts on that week's Monday, so a job due earlier in the week is still listed on Friday.
 */
async function weekendJobsFor(userId: string, saturday: string): Promise<ScheduleTask[]> {
  const day = parseIsoDate(saturday);
  const schedule = await getGardenSchedule({ userId, today: mondayOf(day) });
  return schedule.kind === "schedule" ? weekendJobs(schedule.tasks, day) : [];
}

const periodSchema = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/);

export const sendSmsReminderJob = defineJob({
  name: "reminders.send-reminder",
  payload: z.object({
    userId: z.string().min(1),
    frequency: z.enum(REMINDER_FREQUENCIES),
    period: periodSchema,
  }),
  retryLimit: 5,
  retryDelaySeconds: 60,
  handle: async ({ userId, frequency, period }) => {
    if (periodHasPassed(frequency, period, new Date())) return;
    // Switched off, stopped by text, number changed, or now on the other frequency: nothing.
    const reminder = await activeSmsReminder(userId);
    if (!reminder || reminder.frequency !== frequency) return;
    const [profile] = await db()
      .select({ address: profiles.address, preferences: profiles.preferences })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1);
    const region = regionOf(profile?.address);
    const plan = findPlan(profile?.preferences.plan) ?? findPlan(DEFAULT_PLAN_ID) ?? plans[0]!;
    const jobs = frequency === "weekly" ? await weekendJobsFor(userId, period) : [];
    await deliverSmsOnce({
      key: reminderKey(userId, period),
      template: `sms-reminder-${frequency}`,
      to: reminder.phone,
      resourceType: "user",
      resourceId: userId,
      body: () =>
        frequency === "monthly"
          ? monthlyReminderText(Number(period.slice(5, 7)), region)
          : jobs.length > 0
            ? planWeekendText(parseIsoDate(period), jobs)
            : weeklyReminderText(parseIsoDate(period), region, plan),
    });
  },
});

/** Queues one send per member with running reminders of this frequency; safe to run again. */
export async function dispatchSmsReminders(
  frequency: ReminderFrequency,
  now = new Date(),
): Promise<{ period: string; recipients: number }> {
  const period = reminderPeriod(frequency, now);
  const recipients = await db()
    .select({ userId: smsReminders.userId })
    .from(smsReminders)
    .innerJoin(users, eq(users.id, smsReminders.userId))
    .where(
      and(
        eq(smsReminders.frequency, frequency),
        isNull(smsReminders.stoppedAt),
        eq(users.phoneNumberVerified, true),
        eq(users.phoneNumber, smsReminders.phone),
      ),
    );
  // At the sender's pace (SMS_REMINDERS_PER_SECOND): 600 members at 1 a second take 10 minutes.
  await queueSends(
    sendSmsReminderJob,
    recipients,
    (r) => ({
      data: { userId: r.userId, frequency, period },
      singletonKey: reminderKey(r.userId, period),
    }),
    { perSecond: settings().smsRemindersPerSecond },
  );
  return { period, recipients: recipients.length };
}

/** The scheduled job that dispatches one frequency's texts, at `cron` New Zealand time. */
function dispatchJob(frequency: ReminderFrequency, cron: string) {
  return defineCronJob({
    name: `reminders.dispatch-${frequency}`,
    cron,
    cronTimeZone: NZ_TIME_ZONE,
    retryLimit: 3,
    run: () => dispatchSmsReminders(frequency),
  });
}

/** Friday 5pm in New Zealand, for Saturday morning's session. */
export const dispatchWeeklySmsRemindersJob = dispatchJob("weekly", "0 17 * * 5");
/** The 1st of each month at 9am in New Zealand. */
export const dispatchMonthlySmsRemindersJob = dispatchJob("monthly", "0 9 1 * *");
