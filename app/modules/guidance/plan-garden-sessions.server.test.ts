import { expect, test } from "vitest";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import { isoDate, type CalendarDate } from "./new-zealand-date.ts";
import { planGardenSessions } from "./plan-garden-sessions.server.ts";

const plan = findPlan("1m2")!;
const on = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });

test("a year of Saturdays: planting on the first of each month, jobs on the others", () => {
  const { sessions, from, until } = planGardenSessions("Wellington", plan, on(2027, 1, 1));
  expect(from).toEqual(on(2027, 1, 1));
  expect(until).toEqual(on(2028, 1, 1));
  const dates = sessions.map((s) => isoDate(s.date));
  expect(dates[0]).toBe("2027-01-02");
  expect(dates.at(-1)! < "2028-01-01").toBe(true);
  for (const s of sessions) {
    expect(new Date(`${isoDate(s.date)}T12:00:00Z`).getUTCDay(), isoDate(s.date)).toBe(6);
  }
  const planting = sessions.filter((s) => s.kind === "sow-and-plant");
  expect(planting.map((s) => s.date.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(planting.every((s) => s.date.day <= 7)).toBe(true);
  // Every Saturday of 2027 has a session: 52 of them, one a day.
  expect(new Set(dates).size).toBe(52);
  expect(sessions).toHaveLength(52);
});

test("planting uses the region's climate zone list and the plan's box note", () => {
  const { sessions, zone } = planGardenSessions("Otago", plan, on(2027, 6, 1));
  expect(zone.id).toBe("cool-south");
  const june = sessions.find((s) => s.kind === "sow-and-plant")!;
  expect(june.summary).toBe("Sow and plant for June");
  expect(june.items).toContain("Sow microgreens or sprouts indoors on a sunny windowsill");
  expect(june.boxNote).toBe(
    "The 1 m² box brings six runners and adds winter lettuce, spring onions and broad beans.",
  );
  expect(june.start).toEqual({ hour: 9, minute: 0 });
  expect(june.durationMinutes).toBe(60);
});

test("the month's tasks are shared out over its other Saturdays, none lost", () => {
  const { sessions } = planGardenSessions("Auckland", plan, on(2027, 6, 1));
  const juneJobs = sessions.filter((s) => s.kind === "garden-jobs" && s.date.month === 6);
  // June 2027 has four Saturdays: planting on the 5th, jobs on the 12th, 19th and 26th.
  expect(juneJobs.map((s) => s.date.day)).toEqual([12, 19, 26]);
  expect(juneJobs.flatMap((s) => s.items)).toHaveLength(8);
  expect(juneJobs[0]!.summary).toBe("Garden jobs: Plan your year · Protect against frost");
});

test("late in a month, planting moves to the next Saturday and the jobs follow it", () => {
  const { sessions } = planGardenSessions("Auckland", plan, on(2027, 6, 20));
  const [first, second, third] = sessions;
  expect(first).toMatchObject({ kind: "sow-and-plant", date: on(2027, 6, 26) });
  expect(second).toMatchObject({ kind: "garden-jobs", date: on(2027, 6, 26) });
  expect(second!.start).toEqual({ hour: 10, minute: 0 });
  expect(second!.summary).toBe("Garden jobs: Plan your year · Protect against frost (and 6 more)");
  expect(third).toMatchObject({ kind: "sow-and-plant", date: on(2027, 7, 3) });
});

test("keys are stable and unique, so a subscribed calendar updates rather than duplicates", () => {
  const a = planGardenSessions("Nelson", plan, on(2027, 3, 10)).sessions.map((s) => s.key);
  const b = planGardenSessions("Nelson", plan, on(2027, 3, 11)).sessions.map((s) => s.key);
  expect(new Set(a).size).toBe(a.length);
  expect(b.slice(0, 5)).toEqual(a.slice(0, 5));
  expect(a[0]).toBe("2027-03-13-sow-and-plant-temperate-1m2");
});
