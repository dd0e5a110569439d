// Dates the member's changes work with (issue 21): today in New Zealand, a pause's last day, the box
// the next charge pays for, and where the next charge falls after a pause or a change of week. The
// paid period ends at a box's cutoff (box-dates.ts), so the box a period's end charges for is
// CUTOFF_DAYS after it. Dates are YYYY-MM-DD strings, as in box-dates.ts.
import { CUTOFF_DAYS, cutoffOf, nextBoxDate, type DeliveryWeek } from "./box-dates.ts";

const DAY = 86_400_000;

const nzDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Pacific/Auckland",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in New Zealand, YYYY-MM-DD. */
export function todayInNz(now = new Date()): string {
  return nzDate.format(now);
}

/** A date some days after another. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The same day some months later (the month's last day when it has no such day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The box a paid period's end charges for: its cutoff is the period's end. */
export function boxChargedAt(periodEnd: Date): string {
  return new Date(periodEnd.getTime() + CUTOFF_DAYS * DAY).toISOString().slice(0, 10);
}

/** The first box in this week whose cutoff is not before `from` (a YYYY-MM-DD day). */
export function firstBoxFrom(week: DeliveryWeek, from: string): string {
  const [y, m] = from.split("-").map(Number) as [number, number];
  const start = (week - 1) * 7 + 1;
  for (let ahead = 0; ; ahead++) {
    const box = new Date(Date.UTC(y, m - 1 + ahead, start)).toISOString().slice(0, 10);
    if (cutoffOf(box).getTime() >= Date.parse(`${from}T00:00:00Z`)) return box;
  }
}

/**
 * The box in a new delivery week that takes the place of `box`: the same month's, or a later
 * month's when that one's cutoff has passed or it isn't after `notBefore` (a box already paid for).
 */
export function boxInWeek(box: string, week: DeliveryWeek, notBefore: string, now: Date): string {
  let candidate = `${box.slice(0, 8)}${String((week - 1) * 7 + 1).padStart(2, "0")}`;
  while (cutoffOf(candidate) < now || candidate <= notBefore)
    candidate = nextBoxDate(candidate, week);
  return candidate;
}
