// "Your garden this month" (issue 23, ADR 045): a month of the member's schedule as the e-mail
// lists it, grouped by what is to be done (sow, plant out, feed, protect, harvest), each job on
// its day with why. Pure, so the e-mail and its tests read the same month.
import { MONTH_NAMES } from "#app/lib/month-names.ts";
import { formatDayAndDate } from "#app/modules/guidance/new-zealand-date.ts";
import type { ScheduleTask, ScheduleTaskKind } from "./garden-schedule.ts";

/** A month as YYYY-MM (New Zealand). */
export type GardenMonth = `${number}-${number}`;

export const isGardenMonth = (value: unknown): value is GardenMonth =>
  typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** "2026-12" → "December". */
export const gardenMonthName = (month: GardenMonth) => MONTH_NAMES[Number(month.slice(5, 7)) - 1]!;

/** The e-mail's groups, in the order a gardener meets them in a month. */
export const MONTH_GROUPS: readonly { heading: string; kinds: readonly ScheduleTaskKind[] }[] = [
  { heading: "Sow", kinds: ["sow-indoors", "sow-direct", "sow-again"] },
  { heading: "Plant out", kinds: ["plant-out"] },
  { heading: "Feed", kinds: ["feed"] },
  { heading: "Protect from frost", kinds: ["protect"] },
  { heading: "Harvest", kinds: ["harvest"] },
];

export interface MonthGroup {
  heading: string;
  /** "Tuesday 1 December: Plant out Tomato. A week after the average last frost here." */
  items: string[];
}

/** The month's jobs in groups (empty groups left out), each group in date order. */
export function jobsOfMonth(tasks: readonly ScheduleTask[], month: GardenMonth): MonthGroup[] {
  const inMonth = tasks
    .filter((t) => t.date.startsWith(`${month}-`))
    .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
  return MONTH_GROUPS.flatMap(({ heading, kinds }) => {
    const items = inMonth
      .filter((t) => kinds.includes(t.kind))
      .map((t) => `${formatDayAndDate(t.date)}: ${t.title}. ${t.detail}`);
    return items.length > 0 ? [{ heading, items }] : [];
  });
}
