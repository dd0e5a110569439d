// The words of each reminder text, drawn from the monthly guides and the Saturday garden-session
// calendar (the same sessions as the calendar feed), or for a member with a saved garden plan from
// its schedule (the same jobs as /garden), so texts, guides and calendars agree. Every text names
// the brand first, fits in two segments of the GSM alphabet and ends "Reply STOP to end."
import { settings } from "#app/lib/env.server.ts";
import type { NzRegion } from "#app/lib/nz-regions.ts";
import type { ScheduleTask } from "#app/modules/garden/garden-schedule.ts";
import { climateZoneForRegion } from "#app/modules/guidance/climate-zones.ts";
import { monthIdFor, monthName } from "#app/modules/guidance/guidance-content.ts";
import { loadMonthlyFile } from "#app/modules/guidance/load-content.server.ts";
import {
  compareDates,
  formatClockTime,
  formatDayAndDate,
  type CalendarDate,
} from "#app/modules/guidance/new-zealand-date.ts";
import { planGardenSessions } from "#app/modules/guidance/plan-garden-sessions.server.ts";
import type { Plan } from "#app/modules/subscriptions/plans.ts";
import type { ReminderFrequency } from "./reminders.schema.ts";
import { fitText } from "./sms-text.ts";

const guideUrl = (month: number) => `${settings().siteUrl}/education/monthly/${monthIdFor(month)}`;

/** Sent once reminders are switched on. */
export function confirmationText(frequency: ReminderFrequency): string {
  const brand = settings().brandName;
  const when =
    frequency === "weekly"
      ? "weekly garden reminders, each Friday evening about Saturday's garden session"
      : "monthly garden reminders, on the 1st with what to sow and the month's jobs";
  return fitText({
    opening: `${brand}: you're signed up for ${when}.`,
    extras: ["Change them any time in your profile."],
    ending: "",
  });
}

/** The first Saturday of the month is for sowing and planting; the others share out its jobs. */
function sessionsOn(saturday: CalendarDate, region: NzRegion, plan: Plan) {
  const { sessions } = planGardenSessions(region, plan, { ...saturday, day: 1 });
  return sessions.filter((s) => compareDates(s.date, saturday) === 0);
}

function jobTitles(summary: string): string[] {
  return summary
    .replace(/^Garden jobs:\s*/, "")
    .replace(/\s*\(and \d+ more\)$/, "")
    .split(" · ")
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Friday's text about Saturday's garden session; general when the member has no region. */
export function weeklyReminderText(
  saturday: CalendarDate,
  region: NzRegion | undefined,
  plan: Plan,
): string {
  const brand = settings().brandName;
  const guide = loadMonthlyFile(monthIdFor(saturday.month));
  const day = formatDayAndDate(saturday);
  const link = `Guide: ${guideUrl(saturday.month)}`;
  const sessions = region ? sessionsOn(saturday, region, plan) : [];
  const [first, second] = sessions;
  if (!region || !first) {
    return fitText({
      opening: `${brand}: ${day} is garden day, about 30 min in the morning.`,
      itemsLead: "This month's jobs:",
      items: (guide?.sections.tasks.map((t) => t.title) ?? []).slice(0, 4),
      extras: ["Add your region to your profile for local planting times."],
      ending: link,
    });
  }
  const minutes = sessions.reduce((sum, s) => sum + s.durationMinutes, 0);
  const opening = `${brand}: garden session ${day}, ${formatClockTime(first.start)}, about ${minutes} min.`;
  if (first.kind === "sow-and-plant") {
    const jobs = second ? jobTitles(second.summary) : [];
    return fitText({
      opening,
      itemsLead: "Sow and plant:",
      items: first.items,
      extras: [
        jobs.length > 0 ? [3, 2, 1].map((n) => `Then: ${jobs.slice(0, n).join("; ")}.`) : [],
        first.boxNote ?? "",
      ],
      ending: link,
    });
  }
  return fitText({
    opening,
    itemsLead: "Jobs:",
    items: jobTitles(first.summary),
    ending: link,
  });
}

/**
 * Friday's text for a member with a saved plan: the weekend's jobs from their garden schedule
 * ("This weekend: plant out tomato, sow more radish"), as many as fit.
 */
export function planWeekendText(saturday: CalendarDate, jobs: readonly ScheduleTask[]): string {
  const { brandName, siteUrl } = settings();
  return fitText({
    opening: `${brandName}: your garden, ${formatDayAndDate(saturday)}.`,
    itemsLead: "This weekend:",
    items: jobs.map((job) => job.short),
    joiner: ", ",
    ending: `Your schedule: ${siteUrl}/garden`,
  });
}

/** The 1st of the month: what to sow (for the member's climate) and the month's jobs. */
export function monthlyReminderText(month: number, region: NzRegion | undefined): string {
  const brand = settings().brandName;
  const id = monthIdFor(month);
  const guide = loadMonthlyFile(id);
  const tasks = guide?.sections.tasks.map((t) => t.title) ?? [];
  const opening = `${brand}: ${monthName(id)} in the garden.`;
  const link = `Guide: ${guideUrl(month)}`;
  if (!region) {
    return fitText({
      opening,
      itemsLead: "Jobs:",
      items: tasks.slice(0, 5),
      extras: ["Add your region to your profile for local sowing times."],
      ending: link,
    });
  }
  const zone = climateZoneForRegion(region);
  return fitText({
    opening,
    itemsLead: "Sow and plant:",
    items: (guide?.sections.sowAndPlant[zone.id] ?? []).slice(0, 3),
    extras: [[3, 2, 1].map((n) => `Jobs: ${tasks.slice(0, n).join("; ")}.`)],
    ending: link,
  });
}
