// "Your garden this month" (issue 23, ADR 045): at 7am on the 1st in New Zealand, one e-mail to
// every member with a saved plan who hasn't switched it off, through the queue. The fan-out queues
// one send job a member (keyed by month and member); each send re-checks the switch just before it
// goes and is delivered once per member and month (`garden-month:{month}:{userId}`, ADR 005), so
// a re-run, a retried fan-out or a worker killed mid-run never sends anyone a month twice.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { gardens, profiles, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { defineCronJob } from "#app/lib/queue.server.ts";
import {
  isoDate,
  NZ_TIME_ZONE,
  todayInNewZealand,
} from "#app/modules/guidance/new-zealand-date.ts";
import {
  defineSendJob,
  deliverEmailOnce,
  type DeliveryResult,
} from "#app/modules/notifications/deliver-once.server.ts";
import { queueSends } from "#app/modules/notifications/queue-sends.server.ts";
import { renderGardenMonthEmail } from "./compose-garden-month-email.server.ts";
import { isGardenMonth, type GardenMonth } from "./garden-month.ts";
import { getBoxSeedlings } from "./get-box-seedlings.server.ts";
import { getGardenSchedule } from "./get-garden-schedule.server.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

const monthSchema = z.custom<GardenMonth>(isGardenMonth, "a month as YYYY-MM");

export const gardenMonthKey = (month: string, userId: string) => `garden-month:${month}:${userId}`;

/** This month in New Zealand, "2026-12". */
export function thisGardenMonth(now = new Date()): GardenMonth {
  const { year, month } = todayInNewZealand(now);
  return `${year}-${String(month).padStart(2, "0")}` as GardenMonth;
}

/** Members with a verified address, a saved plan and the e-mail on: who a month's run writes to. */
function recipients(userId?: string) {
  return db()
    .select({ id: users.id, email: users.email, name: users.name, fullName: profiles.fullName })
    .from(gardens)
    .innerJoin(users, eq(users.id, gardens.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(users.emailVerified, true),
        isNull(profiles.gardenEmailOptedOutAt),
        userId ? eq(users.id, userId) : undefined,
      ),
    );
}

export type GardenMonthSend = DeliveryResult | "not-wanted" | "nothing-planted";

/** One member's e-mail for a month, unless they switched it off or have nothing planted. */
export async function sendGardenMonthEmail(
  month: GardenMonth,
  userId: string,
  now = new Date(),
): Promise<GardenMonthSend> {
  const [member] = await recipients(userId);
  if (!member) return "not-wanted";
  const [year, m] = month.split("-").map(Number);
  const schedule = await getGardenSchedule({ userId, today: { year: year!, month: m!, day: 1 } });
  if (schedule.kind !== "schedule") return "nothing-planted";
  const boxSeedlings = await getBoxSeedlings({ userId, today: isoDate(todayInNewZealand(now)) });
  const names = new Map(loadPlantLibrary().map((p) => [p.id, p.name]));
  return deliverEmailOnce(
    {
      key: gardenMonthKey(month, userId),
      template: "garden-month",
      to: member.email,
      resourceType: "user",
      resourceId: userId,
      message: () => ({
        to: member.email,
        ...renderGardenMonthEmail(
          {
            month,
            place: schedule.place,
            plants: schedule.plants,
            tasks: schedule.tasks,
            seedlings: boxSeedlings.seedlings.map((s) => ({
              name: names.get(s.plantId) ?? s.plantId,
              square: s.square,
            })),
            columns: boxSeedlings.columns,
          },
          { userId, name: member.fullName?.trim() || member.name?.trim() || null },
        ),
      }),
    },
    now,
  );
}

export const sendGardenMonthEmailJob = defineSendJob(
  "garden.send-month-email",
  z.object({ month: monthSchema, userId: z.string().min(1).max(100) }),
  ({ month, userId }) => sendGardenMonthEmail(month, userId),
);

/** Queues one send a member; safe to run again (each job and each e-mail is keyed by both). */
export async function fanOutGardenMonth(month: GardenMonth): Promise<number> {
  const members = await recipients();
  await queueSends(sendGardenMonthEmailJob, members, (r) => ({
    data: { month, userId: r.id },
    singletonKey: gardenMonthKey(month, r.id),
  }));
  return members.length;
}

/** 7am on the 1st in New Zealand (an hour before the growing tips): this month's garden e-mails. */
export const gardenMonthScheduleJob = defineCronJob({
  name: "garden.monthly-email-schedule",
  cron: "0 7 1 * *",
  cronTimeZone: NZ_TIME_ZONE,
  retryLimit: 3,
  run: () => fanOutGardenMonth(thisGardenMonth()),
});
