import { expect, test } from "vitest";
import {
  addMonths,
  formatClockTime,
  formatDate,
  formatDayAndDate,
  saturdaysOf,
  todayInNewZealand,
} from "./new-zealand-date.ts";

test("today is the date in New Zealand, not the server's", () => {
  // 11:30 UTC on 31 December is already 1 January in New Zealand (NZDT, +13).
  expect(todayInNewZealand(new Date("2026-12-31T11:30:00Z"))).toEqual({
    year: 2027,
    month: 1,
    day: 1,
  });
  expect(todayInNewZealand(new Date("2026-06-30T11:30:00Z"))).toEqual({
    year: 2026,
    month: 6,
    day: 30,
  });
});

test("Saturdays, months and dates as New Zealanders write them", () => {
  expect(saturdaysOf(2027, 5).map((d) => d.day)).toEqual([1, 8, 15, 22, 29]);
  expect(addMonths({ year: 2027, month: 1, day: 31 }, 1)).toEqual({
    year: 2027,
    month: 2,
    day: 28,
  });
  expect(addMonths({ year: 2026, month: 11, day: 22 }, 12)).toEqual({
    year: 2027,
    month: 11,
    day: 22,
  });
  expect(formatDate("2026-11-01")).toBe("1 November 2026");
  expect(formatDayAndDate("2027-06-05")).toBe("Saturday 5 June");
  expect(formatClockTime({ hour: 9, minute: 0 })).toBe("9am");
  expect(formatClockTime({ hour: 18, minute: 30 })).toBe("6:30pm");
  expect(formatClockTime({ hour: 12, minute: 0 })).toBe("12pm");
});
