import { expect, test } from "vitest";
import { formatTipsMonth, guideIdFor, isTipsMonth, newZealandMonth } from "./tips-month.ts";

test("months are New Zealand calendar months, whatever the server's clock says", () => {
  // 8am on 1 December in Auckland (NZDT) is still 30 November in UTC.
  const firstOfDecember = new Date("2026-11-30T19:00:00Z");
  expect(newZealandMonth(0, firstOfDecember)).toBe("2026-12");
  expect(newZealandMonth(1, firstOfDecember)).toBe("2027-01");
  expect(newZealandMonth(1, new Date("2026-11-22T02:00:00Z"))).toBe("2026-12");
});

test("month keys are checked, named and matched to their guide", () => {
  expect(isTipsMonth("2026-12")).toBe(true);
  expect(isTipsMonth("2026-13")).toBe(false);
  expect(isTipsMonth("December")).toBe(false);
  expect(formatTipsMonth("2027-01")).toBe("January 2027");
  expect(guideIdFor("2026-06")).toBe("june");
});
