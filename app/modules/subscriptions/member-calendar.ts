// Dates the member's changes work with (issue 21): today in New Zealand, a pause's last day, and
// where the next charge falls after a pause. The renewal charges for a subscription's upcoming box
// (the delivery after `next_box_on`, box-contents.server.ts `upcomingBoxOn`) at that box's cutoff,
// `current_period_end`; a change that moves the next charge moves both. Dates are YYYY-MM-DD
// strings, as in box-dates.ts.
import { addDays, cutoffOf, type DeliveryWeek } from "./box-dates.ts";

export { addDays };

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

/** The same day some months later (the month's last day when it has no such day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** A delivery in this week of the month the date is in. */
function inWeek(date: string, week: DeliveryWeek, monthsLater = 0): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + monthsLater, (week - 1) * 7 + 1)).toISOString().slice(0, 10);
}

/** The delivery a month before this one (the period a renewal at this box's cutoff closes). */
export function boxBefore(box: string, week: DeliveryWeek): string {
  return inWeek(box, week, -1);
}

/**
 * The box deliveries resume with: the first delivery after `after` (a pause's last day, if any),
 * from the upcoming box on, whose cutoff is still ahead of `now`.
 */
export function resumeBoxOf(
  upcoming: string,
  week: DeliveryWeek,
  now: Date,
  cutoffDays: number,
  after?: string | null,
): string {
  let box = upcoming;
  while (cutoffOf(box, cutoffDays) <= now || (after && box <= after)) box = inWeek(box, week, 1);
  return box;
}
