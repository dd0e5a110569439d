// The monthly growing tips (issue 7): at 8am on the 1st in New Zealand, or earlier when an admin
// sends a month ahead, one e-mail to every subscriber, through the queue, once each. A month has
// one run row, so pressing twice or the schedule running after an early send adds nothing; each
// message is sent once per month and address (ADR 005), re-checking consent just before it goes.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { growingTipsRuns } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { defineCronJob, defineJob } from "#app/lib/queue.server.ts";
import { NZ_TIME_ZONE } from "#app/modules/guidance/new-zealand-date.ts";
import {
  withRunCounts,
  type RunCounts,
  type SendRunRow,
} from "#app/modules/notifications/send-run-progress.server.ts";
import {
  deliverEmailOnce,
  SEND_JOB_RETRIES,
} from "#app/modules/notifications/deliver-once.server.ts";
import { renderTipsEmail } from "./compose-tips-email.server.ts";
import { isTipsMonth, newZealandMonth, type TipsMonth } from "./tips-month.ts";
import { listTipsRecipients, tipsRecipientFor } from "./tips-recipients.server.ts";
import {
  queueSends,
  startRunOnce,
  type RunRequest,
} from "#app/modules/notifications/queue-sends.server.ts";

const monthSchema = z.custom<TipsMonth>((value) => isTipsMonth(value), "a month as YYYY-MM");
export const tipsKey = (month: string, email: string) => `tips:${month}:${email.toLowerCase()}`;

export const sendGrowingTipsJob = defineJob({
  name: "growing-tips.send-email",
  payload: z.object({ month: monthSchema, email: z.string().min(3).max(320) }),
  ...SEND_JOB_RETRIES,
  handle: async ({ month, email }) => {
    // Still subscribed? An unsubscribe between the fan-out and now wins.
    const reader = await tipsRecipientFor(email);
    if (!reader) return;
    await deliverEmailOnce({
      key: tipsKey(month, reader.email),
      template: "growing-tips",
      to: reader.email,
      resourceType: reader.kind === "member" ? "user" : "contact",
      resourceId: reader.id,
      message: () => ({ to: reader.email, ...renderTipsEmail(month, reader) }),
    });
  },
});

/** Queues one job per recipient; safe to run again (each is keyed by month and address). */
export const growingTipsFanOutJob = defineJob({
  name: "growing-tips.fan-out",
  payload: z.object({ month: monthSchema }),
  retryLimit: 5,
  handle: async ({ month }) => {
    const recipients = await listTipsRecipients();
    await queueSends(sendGrowingTipsJob, recipients, (r) => ({
      data: { month, email: r.email },
      singletonKey: tipsKey(month, r.email),
    }));
    await db()
      .update(growingTipsRuns)
      .set({ recipients: recipients.length, fannedOutAt: new Date() })
      .where(eq(growingTipsRuns.month, month));
  },
});

/** Starts a month's run unless it has one already ("schedule" or the admin's e-mail). */
export async function startGrowingTipsRun(month: string, requestedBy: string): Promise<RunRequest> {
  if (!isTipsMonth(month)) return { ok: false, message: "Please choose a month." };
  return startRunOnce(
    (tx) =>
      tx
        .insert(growingTipsRuns)
        .values({ month, requestedBy })
        .onConflictDoNothing({ target: growingTipsRuns.month })
        .returning({ month: growingTipsRuns.month }),
    growingTipsFanOutJob,
    { month },
  );
}

/** 8am on the 1st in New Zealand: this month's tips, unless an admin sent them early. */
export const monthlyTipsScheduleJob = defineCronJob({
  name: "growing-tips.monthly-schedule",
  cron: "0 8 1 * *",
  cronTimeZone: NZ_TIME_ZONE,
  retryLimit: 3,
  run: () => startGrowingTipsRun(newZealandMonth(0), "schedule"),
});

export type TipsRunProgress = SendRunRow & RunCounts & { month: string };

/** Every run, newest month first, with how many of its e-mails have gone (sendRunCounts). */
export async function growingTipsProgress(): Promise<TipsRunProgress[]> {
  const runs = await db().select().from(growingTipsRuns);
  const withSent = await withRunCounts(runs, (run) => ({
    keyPrefix: `tips:${run.month}:`,
    jobs: { fanOut: growingTipsFanOutJob.name, send: sendGrowingTipsJob.name },
    field: "month",
    value: run.month,
  }));
  return withSent.sort((a, b) => b.month.localeCompare(a.month));
}
