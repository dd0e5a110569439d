// Every reminder text, for every Saturday and month of a year, in every climate and without a
// region, and the weekend's jobs from a garden plan's schedule: it names Patch first, fits two GSM
// segments and ends with how to stop.
import { beforeAll, expect, test } from "vitest";
import { setSettings } from "#app/lib/env.server.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { addDays, isoDate, type CalendarDate } from "#app/modules/guidance/new-zealand-date.ts";
import { gardenSchedule, weekendJobs } from "#app/modules/garden/garden-schedule.ts";
import { loadPlantLibrary } from "#app/modules/garden/plant-library.server.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { testSettings } from "#tests/setup/test-database.ts";
import {
  confirmationText,
  monthlyReminderText,
  planWeekendText,
  weeklyReminderText,
} from "./reminder-texts.server.ts";
import { gsmLength, isGsm, SMS_MAX_LENGTH, STOP_LINE } from "./sms-text.ts";

beforeAll(() => {
  setSettings(testSettings({ SITE_URL: "https://www.patch-gardens.co.nz" }));
});

function expectGoodText(text: string) {
  expect(text.startsWith("Patch")).toBe(true);
  expect(text.endsWith(STOP_LINE), text).toBe(true);
  expect(isGsm(text), text).toBe(true);
  expect(gsmLength(text), text).toBeLessThanOrEqual(SMS_MAX_LENGTH);
}

const regions = [undefined, "Northland", "Wellington", "Southland"] as const;

test("weekly texts for every Saturday of a year, every climate, every plan", () => {
  let saturday: CalendarDate = { year: 2027, month: 1, day: 2 };
  for (let week = 0; week < 53; week++) {
    for (const region of regions) {
      for (const plan of plans) {
        const text = weeklyReminderText(saturday, region, plan);
        expectGoodText(text);
        expect(text, isoDate(saturday)).toContain("/education/monthly/");
      }
    }
    saturday = addDays(saturday, 7);
  }
});

test("monthly texts for every month and region", () => {
  for (let month = 1; month <= 12; month++) {
    for (const region of [undefined, ...NZ_REGIONS]) {
      expectGoodText(monthlyReminderText(month, region));
    }
  }
  expectGoodText(confirmationText("weekly"));
  expectGoodText(confirmationText("monthly"));
});

test("what the texts say", () => {
  // 2 January 2027 is the first Saturday of January: sowing and planting.
  const planting = weeklyReminderText({ year: 2027, month: 1, day: 2 }, "Wellington", plans[1]!);
  expect(planting).toMatch(
    /^Patch: garden session Saturday 2 January, 9am, about \d+ min\. Sow and plant: /,
  );
  expect(planting).toContain("Guide: https://www.patch-gardens.co.nz/education/monthly/january");
  const jobs = weeklyReminderText({ year: 2027, month: 1, day: 9 }, "Wellington", plans[1]!);
  expect(jobs).toMatch(/^Patch: garden session Saturday 9 January, 9am, about 30 min\. Jobs: /);
  const general = weeklyReminderText({ year: 2027, month: 1, day: 9 }, undefined, plans[1]!);
  expect(general).toMatch(/^Patch: Saturday 9 January is garden day/);
  expect(general).toContain("This month's jobs:");

  const december = monthlyReminderText(12, "Auckland");
  expect(december).toMatch(/^Patch: December in the garden\. Sow and plant: /);
  expect(december).toContain("/education/monthly/december");
  // The guide's macrons are folded for the GSM alphabet.
  expect(monthlyReminderText(12, "Northland")).not.toMatch(/[āēīōū]/);
  expect(confirmationText("weekly")).toContain("you're signed up for weekly garden reminders");
});

test("a garden plan's weekend jobs, every weekend of a year, even for a crowded 2 m² box", () => {
  const library = loadPlantLibrary();
  const many = library.filter((p) => !p.besideTheBox).slice(0, 18);
  const tasks = gardenSchedule({
    plants: many,
    zone: "temperate",
    frost: { lastFrost: "10-15", firstFrost: "04-20" },
    today: { year: 2027, month: 1, day: 1 },
  });
  let saturday: CalendarDate = { year: 2027, month: 1, day: 2 };
  let withJobs = 0;
  for (let week = 0; week < 52; week++) {
    const jobs = weekendJobs(tasks, saturday);
    if (jobs.length > 0) {
      withJobs++;
      const text = planWeekendText(saturday, jobs);
      expectGoodText(text);
      expect(text).toContain(`This weekend: ${jobs[0]!.short}`);
      expect(text).toContain("Your schedule: https://www.patch-gardens.co.nz/garden Reply STOP");
    }
    saturday = addDays(saturday, 7);
  }
  expect(withJobs).toBeGreaterThan(30);

  const tomato = library.find((p) => p.id === "tomato")!;
  const lettuce = library.find((p) => p.id === "cos-lettuce")!;
  const saturday23 = { year: 2026, month: 10, day: 24 };
  const jobs = weekendJobs(
    gardenSchedule({
      plants: [tomato, lettuce],
      zone: "temperate",
      frost: { lastFrost: "10-15", firstFrost: "04-20" },
      today: { year: 2026, month: 10, day: 19 },
      plannedOn: { year: 2026, month: 10, day: 1 },
    }),
    saturday23,
  );
  expect(planWeekendText(saturday23, jobs)).toBe(
    "Patch: your garden, Saturday 24 October. This weekend: plant out tomato. Your schedule: https://www.patch-gardens.co.nz/garden Reply STOP to end.",
  );
});
