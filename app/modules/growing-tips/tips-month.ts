// The months the growing tips are sent for, as "2026-12": the New Zealand calendar month, so a run
// started at 8am on the 1st in Auckland is that month's, whatever the server's clock says.
import { monthIdFor, type MonthId } from "#app/modules/guidance/guidance-content.ts";
import { addMonths, todayInNewZealand } from "#app/modules/guidance/new-zealand-date.ts";

export type TipsMonth = `${number}-${string}`;

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isTipsMonth(value: unknown): value is TipsMonth {
  return typeof value === "string" && MONTH_KEY.test(value);
}

export function tipsMonth(year: number, month: number): TipsMonth {
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** { year, month } of a "2026-12" key. */
export function parseTipsMonth(value: TipsMonth): { year: number; month: number } {
  const [year, month] = value.split("-").map(Number);
  return { year: year ?? 1970, month: month ?? 1 };
}

/** The monthly guide a month's tips come from ("december"). */
export function guideIdFor(value: TipsMonth): MonthId {
  return monthIdFor(parseTipsMonth(value).month);
}

/** "December 2026". */
export function formatTipsMonth(value: TipsMonth): string {
  const { year, month } = parseTipsMonth(value);
  const id = monthIdFor(month);
  return `${id.charAt(0).toUpperCase()}${id.slice(1)} ${year}`;
}

/** This month in New Zealand, some months on (0 = this month, 1 = next month). */
export function newZealandMonth(offset = 0, now: Date = new Date()): TipsMonth {
  const shifted = addMonths({ ...todayInNewZealand(now), day: 1 }, offset);
  return tipsMonth(shifted.year, shifted.month);
}
