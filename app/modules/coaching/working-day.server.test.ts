import { expect, test } from "vitest";
import { answerDueBy, isNzWorkingDay } from "./working-day.server.ts";

// NZ wall-clock instants written with their offset: NZDT (+13) in summer, NZST (+12) in winter.
const at = (iso: string) => new Date(iso);

test("a question asked on Friday afternoon is due at the same time on Monday", () => {
  // Friday 4 December 2026, 3:00 pm NZDT.
  expect(answerDueBy(at("2026-12-04T15:00:00+13:00"))).toEqual(at("2026-12-07T15:00:00+13:00"));
});

test("a question asked on a weekday is due at the same time the next day", () => {
  expect(answerDueBy(at("2026-12-01T09:41:30+13:00"))).toEqual(at("2026-12-02T09:41:30+13:00"));
});

test("a question asked on Saturday or Sunday is due at 5 pm on Monday", () => {
  expect(answerDueBy(at("2026-12-05T08:00:00+13:00"))).toEqual(at("2026-12-07T17:00:00+13:00"));
  expect(answerDueBy(at("2026-12-06T23:30:00+13:00"))).toEqual(at("2026-12-07T17:00:00+13:00"));
});

test("the day is New Zealand's: Friday 11 pm in Auckland is Friday even though UTC says Friday morning", () => {
  // 2026-12-04T10:00Z is Friday 11 pm NZDT: due Monday 11 pm, not Saturday.
  expect(answerDueBy(at("2026-12-04T10:00:00Z"))).toEqual(at("2026-12-07T23:00:00+13:00"));
  // 2026-12-04T12:00Z is already Saturday 1 am NZDT: due Monday 5 pm.
  expect(answerDueBy(at("2026-12-04T12:00:00Z"))).toEqual(at("2026-12-07T17:00:00+13:00"));
});

test("Waitangi Day is off: asked Thursday 5 February 2026, due Monday 9 February", () => {
  expect(isNzWorkingDay({ year: 2026, month: 2, day: 6 })).toBe(false);
  expect(answerDueBy(at("2026-02-05T10:00:00+13:00"))).toEqual(at("2026-02-09T10:00:00+13:00"));
});

test("Easter is off: asked Thursday before Good Friday 2027, due the Tuesday after Easter Monday", () => {
  // Good Friday 26 March, Easter Monday 29 March 2027 (NZDT until Sunday 4 April).
  expect(answerDueBy(at("2027-03-25T14:15:00+13:00"))).toEqual(at("2027-03-30T14:15:00+13:00"));
  // Asked on Good Friday itself: no working day of its own, due 5 pm Tuesday.
  expect(answerDueBy(at("2027-03-26T09:00:00+13:00"))).toEqual(at("2027-03-30T17:00:00+13:00"));
});

test("Matariki is off, in winter time: asked Thursday 9 July 2026, due Monday 13 July", () => {
  // Matariki's public holiday is Friday 10 July 2026.
  expect(isNzWorkingDay({ year: 2026, month: 7, day: 10 })).toBe(false);
  expect(answerDueBy(at("2026-07-09T16:00:00+12:00"))).toEqual(at("2026-07-13T16:00:00+12:00"));
});

test("a weekend holiday's Mondayised substitute is off: Christmas and Boxing Day 2027", () => {
  // 25 and 26 December 2027 are a Saturday and Sunday; Monday 27 and Tuesday 28 are the holidays.
  expect(answerDueBy(at("2027-12-24T12:00:00+13:00"))).toEqual(at("2027-12-29T12:00:00+13:00"));
});

test("across the change to daylight time the clock time is kept", () => {
  // Clocks go forward on Sunday 27 September 2026: Friday 25th is NZST, Monday 28th NZDT.
  expect(answerDueBy(at("2026-09-25T15:00:00+12:00"))).toEqual(at("2026-09-28T15:00:00+13:00"));
});

test("the promise reads in New Zealand time", async () => {
  const { formatDueBy } = await import("./due-by.ts");
  expect(formatDueBy(at("2026-12-07T15:00:00+13:00"))).toBe("3:00 pm Monday 7 December");
  expect(formatDueBy(at("2026-07-13T09:05:00+12:00"))).toBe("9:05 am Monday 13 July");
});
