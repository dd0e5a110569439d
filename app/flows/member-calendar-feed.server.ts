// A member's own calendar feed (/calendar/feed/{token}.ics) with their garden schedule in it (issue
// 23): the Saturday sessions for their region and box size (guidance), plus each dated job for the
// plants in their saved plan (garden) as an all-day event whose UID stays the same between reads;
// and their coming boxes (issue 39, subscriptions): each delivery an all-day event on its date, and
// while it can change, its cutoff ("Last day to change your box") ending at the moment it locks.
import { settings } from "#app/lib/env.server.ts";
import { getGardenSchedule } from "#app/modules/garden/get-garden-schedule.server.ts";
import type { ScheduleTask } from "#app/modules/garden/garden-schedule.ts";
import type { CalendarJob } from "#app/modules/guidance/export-planting-calendar.server.ts";
import { parseIsoDate, type CalendarDate } from "#app/modules/guidance/new-zealand-date.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import {
  listComingBoxes,
  type ComingBox,
} from "#app/modules/subscriptions/list-coming-boxes.server.ts";
import { formatCutoff } from "#app/modules/subscriptions/next-box.server.ts";
import { paths } from "#app/lib/paths.ts";
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

/** The nz time of day a cutoff falls at: "1:00 pm". */
const cutoffTime = (at: Date) =>
  at
    .toLocaleTimeString("en-NZ", {
      timeZone: "Pacific/Auckland",
      hour: "numeric",
      minute: "2-digit",
    })
    .replace(/\s+/g, " ");

/** How long a cutoff's event lasts: the hour before the box locks. */
const CUTOFF_EVENT_MS = 60 * 60 * 1000;

/** A coming box as its delivery event and, while it can change, its cutoff event. */
export function boxJobs(box: ComingBox, siteUrl: string): CalendarJob[] {
  const manage = `${siteUrl}${paths.profileSubscription}`;
  const week = formatBoxDate(box.deliverOn);
  const jobs: CalendarJob[] = [
    {
      id: `box-${box.subscriptionId}-${box.deliverOn}-delivery`,
      date: parseIsoDate(box.deliverOn),
      summary: `Your ${box.planSize} box arrives this week`,
      description: `Your ${box.planSize} box comes in the week starting ${week}.\n\nWhat's in it, and skip, swap or pause: ${manage}`,
      url: manage,
    },
  ];
  if (box.cutoffAt) {
    const cutoff = box.cutoffAt;
    jobs.push({
      id: `box-${box.subscriptionId}-${box.deliverOn}-cutoff`,
      date: parseIsoDate(cutoff.toISOString().slice(0, 10)),
      at: { start: new Date(cutoff.getTime() - CUTOFF_EVENT_MS), end: cutoff },
      summary: "Last day to change your box",
      description: `Until ${formatCutoff(cutoff)} (New Zealand time) you can skip, swap an item in or pause the box of the week starting ${week}. Then it's locked for packing and charged.\n\n${manage}`,
      url: manage,
      alarm: {
        secondsBefore: 24 * 60 * 60,
        description: `Tomorrow at ${cutoffTime(cutoff)}: the last chance to change your box`,
      },
    });
  }
  return jobs;
}

export async function memberCalendarFeed(options: {
  /** The address's file part, "{token}.ics". */
  file: string | undefined;
  /** New Zealand's today unless a test says otherwise. */
  today?: CalendarDate;
  /** The moment the boxes are read at (their cutoffs), unless a test says otherwise. */
  now?: Date;
}): Promise<PersonalFeed> {
  const { siteUrl } = settings();
  return personalCalendarFeed(options.file, {
    jobsFor: async (userId) => {
      const [schedule, coming] = await Promise.all([
        getGardenSchedule({ userId, today: options.today }),
        listComingBoxes(userId, options.now),
      ]);
      const garden =
        schedule.kind === "schedule"
          ? schedule.tasks.map((task) => calendarJob(task, siteUrl))
          : [];
      return [...coming.flatMap((box) => boxJobs(box, siteUrl)), ...garden];
    },
  });
}
