import { expect, test } from "vitest";
import { cutoffOf, firstBoxDate, formatBoxDate, nextBoxDate, soonestWeek } from "./box-dates.ts";

test("the first box is the chosen week's next start whose 5-day cutoff hasn't passed, in NZ time", () => {
  // 25 November 2026, 3pm in Auckland.
  const now = new Date("2026-11-25T02:00:00Z");
  expect(firstBoxDate(1, now)).toBe("2026-12-01"); // cutoff 26 Nov: still ahead
  expect(firstBoxDate(4, now)).toBe("2026-12-22");
  // 27 November in Auckland (late on the 26th in UTC): week 1's cutoff (26 Nov) has passed.
  expect(firstBoxDate(1, new Date("2026-11-26T12:00:00Z"))).toBe("2027-01-01");
  expect(firstBoxDate(2, new Date("2026-11-26T12:00:00Z"))).toBe("2026-12-08");
  // The cutoff day itself still counts.
  expect(firstBoxDate(1, new Date("2026-11-25T12:00:00Z"))).toBe("2026-12-01");
});

test("the next box is a month on, over the year's end; the cutoff is five days before", () => {
  expect(nextBoxDate("2026-12-22", 4)).toBe("2027-01-22");
  expect(cutoffOf("2027-01-01").toISOString()).toBe("2026-12-27T00:00:00.000Z");
  expect(formatBoxDate("2026-12-08")).toBe("Tuesday 8 December 2026");
});

test("the cutoff follows the setting's number of days when given one", () => {
  expect(cutoffOf("2027-01-08", 7).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  // With a 10-day cutoff, week 1's December box (cutoff 21 Nov) is gone by 25 November.
  expect(firstBoxDate(1, new Date("2026-11-25T02:00:00Z"), 10)).toBe("2027-01-01");
});

test("the default week is the one that brings the first box soonest (issue 39)", () => {
  // 2 December in Auckland: week 1's December box is gone (1 January), week 2 comes 8 December.
  expect(soonestWeek(new Date("2026-12-01T20:00:00Z"))).toBe(2);
  // 25 November: week 1's box (1 December) is still ahead.
  expect(soonestWeek(new Date("2026-11-25T02:00:00Z"))).toBe(1);
  // 20 December: weeks 1 to 3 wait for January; week 4 (22 December) has passed its cutoff too.
  expect(soonestWeek(new Date("2026-12-20T02:00:00Z"))).toBe(1);
  // 12 December: week 4 (cutoff 17 December) is the soonest.
  expect(soonestWeek(new Date("2026-12-12T02:00:00Z"))).toBe(4);
});
