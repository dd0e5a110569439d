// The coaches' promise: an answer within one working day, in New Zealand time, with weekends and
// New Zealand's national public holidays (with their Mondayised substitutes) off (ADR 070).
//
// The rule: a question asked on a working day is due at the same clock time on the next working
// day (Friday 3:00 pm → Monday 3:00 pm; Thursday 4 February 10:00 am → Monday 8 February, as
// Waitangi Day falls between). A question asked on a weekend or a public holiday has no working
// day of its own, so it is due at the close of the next working day, 5:00 pm (Saturday → Monday
// 5:00 pm). Clocks change only on Sundays in New Zealand, never a working day, so the clock time
// always exists on the day it is due.
import Holidays from "date-holidays";
import { nzClock, nzWallClock } from "#app/lib/nz-time.ts";

/** The close of a working day, for questions asked when there is none (NZ clock hour). */
export const CLOSE_OF_DAY_HOUR = 17;

const national = new Holidays("NZ");

interface Day {
  year: number;
  month: number;
  day: number;
}

const isoOf = ({ year, month, day }: Day) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

function nextDay({ year, month, day }: Day): Day {
  const d = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** A New Zealand date is a working day: Monday to Friday and no national public holiday. */
export function isNzWorkingDay(date: Day): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  // A date string is read as that day in New Zealand (a Date would be an instant).
  const found = national.isHoliday(isoOf(date)) || [];
  return !found.some((h) => h.type === "public");
}

/** When a question asked at `askedAt` is due an answer (see the rule above). */
export function answerDueBy(askedAt: Date): Date {
  const { year, month, day } = nzClock(askedAt);
  const asked: Day = { year, month, day };
  let due = nextDay(asked);
  while (!isNzWorkingDay(due)) due = nextDay(due);
  if (!isNzWorkingDay(asked)) return nzWallClock(due, CLOSE_OF_DAY_HOUR);
  // The same clock time: the time since the asked day's midnight, from the due day's midnight.
  const sinceMidnight = askedAt.getTime() - nzWallClock(asked, 0).getTime();
  return new Date(nzWallClock(due, 0).getTime() + sinceMidnight);
}
