// A year of Saturday-morning garden sessions for one region and plan, drawn from the monthly guides:
// the first Saturday of each month is for sowing and planting (the guide's list for the region's
// climate zone), the other Saturdays share out the month's tasks. That keeps to the promise of
// about 30 minutes a week. Used by the calendar page's preview and by the .ics feed.
import type { NzRegion } from "#app/lib/nz-regions.ts";
import type { Plan } from "#app/modules/subscriptions/plans.ts";
import { climateZoneForRegion, type ClimateZone } from "./climate-zones.ts";
import { monthIdFor, monthName } from "./guidance-content.ts";
import { loadMonthlyFile } from "./load-content.server.ts";
import {
  addMonths,
  compareDates,
  isoDate,
  saturdaysOf,
  todayInNewZealand,
  type CalendarDate,
} from "./new-zealand-date.ts";

export type SessionKind = "sow-and-plant" | "garden-jobs";

export interface GardenSession {
  /** Stable across downloads, so a subscribed calendar updates events instead of duplicating. */
  key: string;
  kind: SessionKind;
  date: CalendarDate;
  /** Wall-clock time in New Zealand. */
  start: { hour: number; minute: number };
  durationMinutes: number;
  summary: string;
  /** What to do, one line each. */
  items: string[];
  /** The guide's sentence about this plan's box, on planting days. */
  boxNote: string | undefined;
  guidePath: string;
}

export interface GardenSessionPlan {
  region: NzRegion;
  zone: ClimateZone;
  plan: Plan;
  from: CalendarDate;
  /** The first day after the plan (a year from `from`). */
  until: CalendarDate;
  sessions: GardenSession[];
}

const MORNING = { hour: 9, minute: 0 };
const PLANTING_MINUTES = 60;
const JOBS_MINUTES = 30;

/** Splits items over n days as evenly as possible, in order (9 over 4 → 2, 2, 2, 3). */
function shareOut<T>(items: T[], days: number): T[][] {
  return Array.from({ length: days }, (_, i) =>
    items.slice(Math.floor((i * items.length) / days), Math.floor(((i + 1) * items.length) / days)),
  );
}

const TITLES_IN_SUMMARY = 3;

/** "Garden jobs: Mulch · Pick often · Net brassicas"; a long list names two and counts the rest. */
function jobsSummary(titles: string[]): string {
  const shown =
    titles.length <= TITLES_IN_SUMMARY
      ? titles.join(" · ")
      : `${titles.slice(0, 2).join(" · ")} (and ${titles.length - 2} more)`;
  return `Garden jobs: ${shown}`;
}

export function planGardenSessions(
  region: NzRegion,
  plan: Plan,
  today: CalendarDate = todayInNewZealand(),
): GardenSessionPlan {
  const zone = climateZoneForRegion(region);
  const until = addMonths(today, 12);
  const sessions: GardenSession[] = [];
  for (let k = 0; k <= 12; k++) {
    const { year, month } = addMonths({ ...today, day: 1 }, k);
    // This month starts from today: if the first Saturday has gone, planting moves to the next one.
    const saturdays = saturdaysOf(year, month).filter((d) => k > 0 || compareDates(d, today) >= 0);
    const first = saturdays[0];
    if (!first) continue;
    const id = monthIdFor(month);
    const guide = loadMonthlyFile(id);
    if (!guide) continue;
    const guidePath = `/education/monthly/${id}`;
    const keyFor = (date: CalendarDate, kind: SessionKind) =>
      `${isoDate(date)}-${kind}-${zone.id}-${plan.id}`;

    sessions.push({
      key: keyFor(first, "sow-and-plant"),
      kind: "sow-and-plant",
      date: first,
      start: MORNING,
      durationMinutes: PLANTING_MINUTES,
      summary: `Sow and plant for ${monthName(id)}`,
      items: guide.sections.sowAndPlant[zone.id],
      boxNote: guide.sections.boxByPlan[plan.id],
      guidePath,
    });

    // With only one Saturday left this month, the jobs follow the planting that same morning.
    const jobDays = saturdays.length > 1 ? saturdays.slice(1) : saturdays;
    const start = saturdays.length > 1 ? MORNING : { hour: 10, minute: 0 };
    shareOut(guide.sections.tasks, jobDays.length).forEach((tasks, i) => {
      const date = jobDays[i];
      if (!date || tasks.length === 0) return;
      sessions.push({
        key: keyFor(date, "garden-jobs"),
        kind: "garden-jobs",
        date,
        start,
        durationMinutes: JOBS_MINUTES,
        summary: jobsSummary(tasks.map((t) => t.title)),
        items: tasks.map((t) => t.detail),
        boxNote: undefined,
        guidePath,
      });
    });
  }
  return {
    region,
    zone,
    plan,
    from: today,
    until,
    sessions: sessions.filter((s) => compareDates(s.date, until) < 0),
  };
}
