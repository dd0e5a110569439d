// The planting calendar as an iCalendar (.ics) file: one event per Saturday-morning session, in NZ
// time with a VTIMEZONE, each with a reminder at 6 pm the evening before; and, in a member's own
// feed, their garden schedule's dated jobs as all-day events with the same reminder.
import ical, { ICalAlarmType } from "ical-generator";
import { PACIFIC_AUCKLAND, vtimezoneFor } from "./pacific-auckland-timezone.ts";
import type { CalendarDate } from "./new-zealand-date.ts";
import type { GardenSession, GardenSessionPlan } from "./plan-garden-sessions.server.ts";

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** Calendar apps re-read a subscribed feed about once a day. */
const REFRESH_SECONDS = 24 * 60 * 60;
const REMINDER_HOUR = 18;

/**
 * A dated job from elsewhere (the member's garden schedule, their box deliveries), written as an
 * all-day event; or, with `at`, a timed one (a box's cutoff, the moment it locks for packing).
 */
export interface CalendarJob {
  /** The same job keeps its id from one read of the feed to the next, so apps don't duplicate it. */
  id: string;
  /** New Zealand date. */
  date: CalendarDate;
  summary: string;
  description: string;
  url: string;
  /** A timed event instead (UTC instants): it ends at `end`. */
  at?: { start: Date; end: Date };
  /** The reminder's words and how long before the start; the evening before unless given. */
  alarm?: { secondsBefore: number; description: string };
}

export interface CalendarSite {
  siteUrl: string;
  brandName: string;
}

/** Query string of the feed for a region and plan, shared by the page's links and the feed. */
export function calendarQuery(region: string, planId: string): string {
  return new URLSearchParams({ region, plan: planId }).toString();
}

/** The file name offered when downloading, e.g. patch-planting-calendar-hawkes-bay-1m2.ics. */
export function calendarFileName(region: string, planId: string): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, "-")
      .replace(/^-|-$/g, "");
  return `patch-planting-calendar-${slug(region.replace(/'/g, ""))}-${slug(planId)}.ics`;
}

// ical-generator writes a native Date in a named time zone from its local-time fields ("it assumes
// the given time matches the time zone"), so a Date built from NZ wall-clock numbers comes out as
// that wall-clock time with TZID=Pacific/Auckland, whatever zone the server runs in.
function wallClock(session: GardenSession, plusMinutes = 0): Date {
  const { year, month, day } = session.date;
  return new Date(year, month - 1, day, session.start.hour, session.start.minute + plusMinutes);
}

function describe(session: GardenSession, plan: GardenSessionPlan, siteUrl: string): string {
  const lines: string[] = [];
  if (session.kind === "sow-and-plant") {
    lines.push(
      `What to sow and plant this month in the ${plan.zone.name.toLowerCase()} zone (${plan.zone.regions.join(", ")}):`,
    );
  } else {
    lines.push("This morning's jobs:");
  }
  lines.push(...session.items.map((item) => `• ${item}`));
  if (session.boxNote) lines.push("", `In this month's box: ${session.boxNote}`);
  lines.push("", `The full guide: ${siteUrl}${session.guidePath}`);
  if (session.kind === "sow-and-plant") {
    lines.push(
      `Where things go in a ${plan.plan.size} box: ${siteUrl}/education/layouts#plan-${plan.plan.id}`,
    );
  }
  return lines.join("\n");
}

export function exportPlantingCalendar(
  plan: GardenSessionPlan,
  site: CalendarSite,
  jobs: readonly CalendarJob[] = [],
): string {
  const host = new URL(site.siteUrl).host;
  const calendar = ical({
    name: `${site.brandName} planting calendar: ${plan.region}, ${plan.plan.size}`,
    description: `Saturday-morning sowing, planting and garden jobs for ${plan.region} (${plan.zone.name.toLowerCase()} climate) and a ${plan.plan.size} grow box, from ${site.brandName}'s monthly guides.`,
    prodId: { company: site.brandName, product: "Planting calendar", language: "EN" },
    // The zone goes on each event (DTSTART;TZID=…): a calendar-wide zone would make ical-generator
    // write floating times and a DTSTAMP without its Z. The generator adds the VTIMEZONE they use.
    timezone: { name: null, generator: vtimezoneFor },
    x: { "X-WR-TIMEZONE": PACIFIC_AUCKLAND },
    ttl: REFRESH_SECONDS,
    url: `${site.siteUrl}/calendar?${calendarQuery(plan.region, plan.plan.id)}`,
  });
  for (const session of plan.sessions) {
    const reminderMinutesBefore =
      session.start.hour * 60 + session.start.minute + (24 - REMINDER_HOUR) * 60;
    calendar.createEvent({
      id: `${session.key}@${host}`,
      timezone: PACIFIC_AUCKLAND,
      start: wallClock(session),
      end: wallClock(session, session.durationMinutes),
      summary: session.summary,
      description: describe(session, plan, site.siteUrl),
      url: `${site.siteUrl}${session.guidePath}`,
      alarms: [
        {
          type: ICalAlarmType.display,
          triggerBefore: reminderMinutesBefore * 60,
          description: `Tomorrow morning: ${session.summary}`,
        },
      ],
    });
  }
  for (const job of jobs) {
    const { year, month, day } = job.date;
    const when = job.at
      ? // Instants in UTC (DTSTART:…Z): the same moment in any calendar's zone.
        { start: job.at.start, end: job.at.end }
      : // A date without a zone: the day itself (DTSTART;VALUE=DATE), wherever the calendar is read.
        { allDay: true, start: new Date(Date.UTC(year, month - 1, day)) };
    calendar.createEvent({
      id: `${job.id}@${host}`,
      ...when,
      summary: job.summary,
      description: job.description,
      url: job.url,
      alarms: [
        {
          type: ICalAlarmType.display,
          triggerBefore: job.alarm?.secondsBefore ?? (24 - REMINDER_HOUR) * 60 * 60,
          description: job.alarm?.description ?? `Tomorrow: ${job.summary}`,
        },
      ],
    });
  }
  return calendar.toString();
}
