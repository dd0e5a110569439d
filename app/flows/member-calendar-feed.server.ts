// A member's own calendar feed (/calendar/feed/{token}.ics) with their garden schedule in it (issue
// 23): the Saturday sessions for their region and box size (guidance), plus each dated job for the
// plants in their saved plan (garden) as an all-day event whose UID stays the same between reads.
import { settings } from "#app/lib/env.server.ts";
import { getGardenSchedule } from "#app/modules/garden/get-garden-schedule.server.ts";
import type { ScheduleTask } from "#app/modules/garden/garden-schedule.ts";
import type { CalendarJob } from "#app/modules/guidance/export-planting-calendar.server.ts";
import { parseIsoDate, type CalendarDate } from "#app/modules/guidance/new-zealand-date.ts";
import {
  personalCalendarFeed,
  type PersonalFeed,
} from "#app/modules/guidance/personal-calendar.server.ts";

/** One schedule job as a calendar event: the id is the job's (kind, plant and day). */
export function calendarJob(task: ScheduleTask, siteUrl: string): CalendarJob {
  return {
    id: `garden-${task.id}`,
    date: parseIsoDate(task.date),
    summary: task.title,
    description: `${task.detail}\n\nYour garden plan and schedule: ${siteUrl}/garden`,
    url: `${siteUrl}/garden`,
  };
}

export async function memberCalendarFeed(options: {
  /** The address's file part, "{token}.ics". */
  file: string | undefined;
  /** New Zealand's today unless a test says otherwise. */
  today?: CalendarDate;
}): Promise<PersonalFeed> {
  const { siteUrl } = settings();
  return personalCalendarFeed(options.file, {
    jobsFor: async (userId) => {
      const schedule = await getGardenSchedule({ userId, today: options.today });
      return schedule.kind === "schedule"
        ? schedule.tasks.map((task) => calendarJob(task, siteUrl))
        : [];
    },
  });
}
