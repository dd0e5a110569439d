import { expect, test } from "vitest";
import { getMonthlyGuide } from "./get-monthly-guide.server.ts";

const june = { year: 2027, month: 6, day: 15 };

test("a guide by month name, with the months either side", () => {
  const page = getMonthlyGuide("january", undefined, june)!;
  expect(page.heading).toBe("January in the garden");
  expect(page.guide.path).toBe("/education/monthly/january");
  expect(page.guide.html).toContain('id="tasks-this-month"');
  expect(page.previous).toMatchObject({ id: "december", path: "/education/monthly/december" });
  expect(page.next).toMatchObject({ id: "february", title: "February in the garden" });
  expect(page.isCurrentMonth).toBe(false);
  expect(getMonthlyGuide("december", undefined, june)!.next.id).toBe("january");
});

test("a dated issue carries its year in the heading", () => {
  expect(getMonthlyGuide("june", 2024, june)!.heading).toBe("June 2024 guide");
  expect(getMonthlyGuide("august", 2025, june)!.heading).toBe("August 2025 guide");
  expect(getMonthlyGuide("june", 2024, june)!.isCurrentMonth).toBe(true);
});

test("anything but a month name is not found", () => {
  expect(getMonthlyGuide("junes")).toBeUndefined();
  expect(getMonthlyGuide("June")).toBeUndefined();
  expect(getMonthlyGuide("../legal/privacy")).toBeUndefined();
});
