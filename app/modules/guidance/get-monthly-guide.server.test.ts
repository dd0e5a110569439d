import { expect, test } from "vitest";
import { getMonthlyGuide } from "./get-monthly-guide.server.ts";

const june = { year: 2027, month: 6, day: 15 };

test("a guide by month name, with the months either side", () => {
  const page = getMonthlyGuide({ id: "january", today: june })!;
  expect(page.heading).toBe("January in the garden");
  expect(page.guide.path).toBe("/education/monthly/january");
  expect(page.guide.html).toContain('id="tasks-this-month"');
  expect(page.previous).toMatchObject({ id: "december", path: "/education/monthly/december" });
  expect(page.next).toMatchObject({ id: "february", title: "February in the garden" });
  expect(page.isCurrentMonth).toBe(false);
  expect(getMonthlyGuide({ id: "december", today: june })!.next.id).toBe("january");
});

test("a dated issue carries its year in the heading", () => {
  expect(getMonthlyGuide({ id: "june", year: 2024, today: june })!.heading).toBe("June 2024 guide");
  expect(getMonthlyGuide({ id: "august", year: 2025, today: june })!.heading).toBe(
    "August 2025 guide",
  );
  expect(getMonthlyGuide({ id: "june", year: 2024, today: june })!.isCurrentMonth).toBe(true);
});

test("anything but a month name is not found", () => {
  expect(getMonthlyGuide({ id: "junes" })).toBeUndefined();
  expect(getMonthlyGuide({ id: "June" })).toBeUndefined();
  expect(getMonthlyGuide({ id: "../legal/privacy" })).toBeUndefined();
});
