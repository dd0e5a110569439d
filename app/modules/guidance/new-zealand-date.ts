// Calendar dates as New Zealand gardeners live them. "This month" and "next Saturday" are decided
// on the clock in Aotearoa, not the server's, and dates are plain year/month/day so they never
// shift by a time zone on the way to the page.
import { MONTH_NAMES } from "#app/lib/month-names.ts";

export const NZ_TIME_ZONE = "Pacific/Auckland";

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const nzParts = new Intl.DateTimeFormat("en-NZ", {
  timeZone: NZ_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** Today's date in New Zealand. */
export function todayInNewZealand(now: Date = new Date()): CalendarDate {
  const parts = Object.fromEntries(nzParts.formatToParts(now).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

function toUtc({ year, month, day }: CalendarDate): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtc(date: Date): CalendarDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** The same day some months on, kept inside the month (31 January + 1 month → 28/29 February). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const first = toUtc({ ...date, day: 1 });
  first.setUTCMonth(first.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return { ...fromUtc(first), day: Math.min(date.day, lastDay) };
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  return toUtc(date).getUTCDay();
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return toUtc(a).getTime() - toUtc(b).getTime();
}

/** Every Saturday of a month, in order. */
export function saturdaysOf(year: number, month: number): CalendarDate[] {
  const first = { year, month, day: 1 };
  const offset = (6 - dayOfWeek(first) + 7) % 7;
  const saturdays: CalendarDate[] = [];
  for (let d = addDays(first, offset); d.month === month; d = addDays(d, 7)) saturdays.push(d);
  return saturdays;
}

export function isoDate({ year, month, day }: CalendarDate): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function parseIsoDate(value: string): CalendarDate {
  const [year, month, day] = value.split("-").map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
}

/** "1 November 2026", the way dates are written in New Zealand. */
export function formatDate(value: CalendarDate | string): string {
  const d = typeof value === "string" ? parseIsoDate(value) : value;
  return `${d.day} ${MONTH_NAMES[d.month - 1]} ${d.year}`;
}

/** "Saturday 6 June". */
export function formatDayAndDate(value: CalendarDate | string): string {
  const d = typeof value === "string" ? parseIsoDate(value) : value;
  return `${DAY_NAMES[dayOfWeek(d)]} ${d.day} ${MONTH_NAMES[d.month - 1]}`;
}

/** "9am", "10:30am", "6pm", as times are usually written in New Zealand. */
export function formatClockTime({ hour, minute }: { hour: number; minute: number }): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  const m = minute === 0 ? "" : `:${String(minute).padStart(2, "0")}`;
  return `${h}${m}${hour < 12 ? "am" : "pm"}`;
}
