// The personal schedule from a garden plan, over the real plant library and town table: southern
// hemisphere seasons (last frost in spring, first in autumn), frost-tender plants never out before
// the last frost, hardy ones free to go earlier, successions of quick crops, and an empty plan.
import { describe, expect, test } from "vitest";
import {
  addDays,
  addMonths,
  compareDates,
  dayOfWeek,
  parseIsoDate,
  type CalendarDate,
} from "#app/modules/guidance/new-zealand-date.ts";
import {
  FROST_MARGIN_DAYS,
  gardenSchedule,
  jobsByDay,
  plainName,
  plantedIds,
  scheduleByMonth,
  scheduleByWeek,
  schedulePage,
  successionDays,
  weekendJobs,
  type ScheduleTask,
} from "./garden-schedule.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";
import type { Plant } from "./plant-library.schema.ts";
import { loadTowns } from "./towns.server.ts";

const library = loadPlantLibrary();
const plant = (id: string): Plant => {
  const found = library.find((p) => p.id === id);
  if (!found) throw new Error(`no ${id} in the library`);
  return found;
};
/** Christchurch-like: last frost mid-October, first frost late April. */
const FROST = { lastFrost: "10-15", firstFrost: "04-20" };
const day = (iso: string) => parseIsoDate(iso);
const of = (tasks: ScheduleTask[], kind: ScheduleTask["kind"], id?: string) =>
  tasks.filter((t) => t.kind === kind && (!id || t.plantId === id));
const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

test("a plan with nothing planted gives an empty schedule", () => {
  expect(
    gardenSchedule({ plants: [], zone: "temperate", frost: FROST, today: day("2026-11-26") }),
  ).toEqual([]);
  expect(plantedIds([[], [], []])).toEqual([]);
  expect(plantedIds([["tomato"], ["radish", "tomato"], []])).toEqual(["tomato", "radish"]);
});

test("a frost-tender tomato: sown indoors six weeks ahead, planted out a week after the last frost, fed, covered before the first frost and harvested", () => {
  const today = day("2026-07-01");
  const tasks = gardenSchedule({
    plants: [plant("tomato")],
    zone: "temperate",
    frost: FROST,
    today,
  });
  const [out, ...more] = of(tasks, "plant-out");
  expect(more).toEqual([]);
  // Temperate tomatoes go out October to December; the last frost is 15 October here.
  expect(out?.date).toBe("2026-10-22");
  expect(out?.title).toBe("Plant out Tomato");
  expect(out?.detail).toContain("about 15 October");
  expect(out?.detail).not.toContain("hardy");
  expect(of(tasks, "sow-indoors")[0]?.date).toBe("2026-09-10");
  expect(of(tasks, "harvest")[0]?.date).toBe("2026-12-31"); // 70 days on
  // Covered a week before the first autumn frost, in the next calendar year.
  expect(of(tasks, "protect").map((t) => t.date)).toEqual(["2027-04-13"]);
  const feeds = of(tasks, "feed").map((t) => t.date);
  expect(feeds[0]).toBe("2026-11-12");
  for (const [i, feed] of feeds.entries()) {
    if (i > 0) expect(daysBetween(feeds[i - 1]!, feed)).toBe(21);
    expect(feed < "2027-04-20").toBe(true);
  }
  expect(tasks.map((t) => t.date)).toEqual([...tasks.map((t) => t.date)].sort());
});

test("no frost-tender plant is ever planted out or sown outside before its town's last frost", () => {
  const tender = library.filter((p) => p.frost === "tender");
  const towns = loadTowns().filter((t) => t.lastFrost && t.firstFrost);
  expect(towns.length).toBeGreaterThan(10);
  for (const town of towns) {
    for (const today of ["2026-01-15", "2026-06-01", "2026-09-20", "2026-11-26"]) {
      const tasks = gardenSchedule({
        plants: tender,
        zone: "cool-south",
        frost: town,
        today: day(today),
      });
      for (const t of tasks.filter((x) => ["plant-out", "sow-direct"].includes(x.kind))) {
        const md = t.date.slice(5);
        const safeFrom = addDays(
          { year: Number(t.date.slice(0, 4)), ...monthDay(town.lastFrost!) },
          FROST_MARGIN_DAYS,
        );
        // Either after this year's last frost (and its margin) or before next autumn's first frost.
        const ok =
          compareDates(day(t.date), safeFrom) >= 0 || (md < "07-01" && md < town.firstFrost!);
        expect(ok, `${t.title} on ${t.date} in ${town.name}`).toBe(true);
      }
    }
  }
});

function monthDay(md: string): { month: number; day: number } {
  const [month, d] = md.split("-").map(Number);
  return { month: month!, day: d! };
}

test("a hardy crop can go in before the last frost", () => {
  // Garden peas are sown July to October in the temperate zone: July is well before 15 October.
  const tasks = gardenSchedule({
    plants: [plant("garden-peas"), plant("broad-beans")],
    zone: "temperate",
    frost: FROST,
    today: day("2026-07-20"),
  });
  expect(of(tasks, "sow-direct", "garden-peas")[0]?.date).toBe("2026-07-20");
  // Broad beans' window (April to July) is open today too, then again next April.
  expect(of(tasks, "sow-direct", "broad-beans").map((t) => t.date)).toEqual([
    "2026-07-20",
    "2027-04-01",
  ]);
  expect(of(tasks, "protect")).toEqual([]);
  // Planted out in July, well before the 15 October frost: the job says hardy plants may.
  const onions = gardenSchedule({
    plants: [plant("red-onion")],
    zone: "temperate",
    frost: FROST,
    today: day("2026-07-20"),
  });
  expect(of(onions, "plant-out")[0]?.detail).toContain(
    "hardy, so it can go in before the last frost",
  );
});

test("quick crops are sown again every two to four weeks while their window is open", () => {
  expect(successionDays(plant("radish"))).toBe(14);
  expect(successionDays(plant("baby-spinach"))).toBe(21);
  expect(successionDays(plant("cos-lettuce"))).toBe(28);
  const today = day("2026-08-03");
  const tasks = gardenSchedule({
    plants: [plant("radish"), plant("cos-lettuce"), plant("tomato")],
    zone: "temperate",
    frost: FROST,
    today,
  });
  const radish = [...of(tasks, "sow-direct", "radish"), ...of(tasks, "sow-again", "radish")]
    .map((t) => t.date)
    .sort();
  expect(radish.slice(0, 4)).toEqual(["2026-08-03", "2026-08-17", "2026-08-31", "2026-09-14"]);
  // Temperate radish: January to April and August to December, none in May to July.
  expect(radish.some((d) => ["05", "06", "07"].includes(d.slice(5, 7)))).toBe(false);
  expect(radish.filter((d) => d.startsWith("2027-0")).length).toBeGreaterThan(3);
  // Each sowing has its harvest, 25 days later.
  for (const sown of radish) {
    const harvest = of(tasks, "harvest", "radish").find((t) => daysBetween(sown, t.date) === 25);
    if (daysBetween(sown, "2027-08-03") > 25) expect(harvest, sown).toBeDefined();
  }
  expect(of(tasks, "sow-again", "cos-lettuce").length).toBeGreaterThan(3);
  // Tomatoes aren't a quick crop and aren't sown again; quick crops aren't fed.
  expect(of(tasks, "sow-again", "tomato")).toEqual([]);
  expect(of(tasks, "feed", "radish")).toEqual([]);
  expect(of(tasks, "sow-again")[0]?.short).toBe("sow more radish");
});

test("every date is from today to a year ahead, and a window open when the plan was saved started that day", () => {
  const plannedOn = day("2026-10-30");
  const plants = [plant("tomato"), plant("carrot"), plant("garlic")];
  const early = gardenSchedule({
    plants,
    zone: "temperate",
    frost: FROST,
    today: day("2026-11-02"),
    plannedOn,
  });
  const later = gardenSchedule({
    plants,
    zone: "temperate",
    frost: FROST,
    today: day("2026-11-26"),
    plannedOn,
  });
  for (const t of later) {
    expect(t.date >= "2026-11-26" && t.date < "2027-11-26", t.id).toBe(true);
  }
  // The same jobs keep their days (and ids) from one day to the next.
  const sameDays = early.filter((t) => t.date >= "2026-11-26");
  expect(later.filter((t) => t.date < "2027-11-02")).toEqual(sameDays);
  // The tomato window was open on 30 October: planted out that day, harvested 70 days on.
  expect(of(later, "harvest", "tomato")[0]?.date).toBe("2027-01-08");
  expect(new Set(later.map((t) => t.id)).size).toBe(later.length);
});

test("without a town's frost dates the climate zone's months are used as they are", () => {
  const tasks = gardenSchedule({
    plants: [plant("tomato")],
    zone: "warm-north",
    frost: null,
    today: day("2026-06-10"),
  });
  expect(of(tasks, "plant-out").map((t) => t.date)).toEqual(["2026-09-01"]);
  expect(of(tasks, "protect")).toEqual([]);
  expect(of(tasks, "feed").length).toBeGreaterThan(3);
  // Frost-rare towns (no dates) are the same.
  expect(
    gardenSchedule({
      plants: [plant("tomato")],
      zone: "warm-north",
      frost: { lastFrost: null, firstFrost: null },
      today: day("2026-06-10"),
    }),
  ).toEqual(tasks);
});

test("a plant not grown outdoors in the climate has no jobs", () => {
  const withNoWindows: Plant = {
    ...plant("tomato"),
    months: {
      ...plant("tomato").months,
      "cool-south": { sowIndoors: [], sowDirect: [], transplant: [] },
    },
  };
  expect(
    gardenSchedule({
      plants: [withNoWindows],
      zone: "cool-south",
      frost: FROST,
      today: day("2026-06-10"),
    }),
  ).toEqual([]);
});

describe("grouping", () => {
  const today: CalendarDate = day("2026-11-26"); // a Thursday
  const tasks = gardenSchedule({
    plants: [plant("radish"), plant("tomato")],
    zone: "temperate",
    frost: FROST,
    today,
    plannedOn: day("2026-11-01"),
  });

  test("the next weeks, Monday to Sunday, weeks without jobs left out", () => {
    const weeks = scheduleByWeek(tasks, today, 8);
    expect(weeks[0]?.starts).toBe("2026-11-23");
    const horizon = addDays(day("2026-11-23"), 56);
    for (const week of weeks) {
      expect(dayOfWeek(day(week.starts))).toBe(1);
      for (const t of week.tasks) {
        expect(daysBetween(week.starts, t.date)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(week.starts, t.date)).toBeLessThan(7);
        expect(compareDates(day(t.date), horizon)).toBeLessThan(0);
      }
    }
    expect(weeks.flatMap((w) => w.tasks).length).toBe(
      tasks.filter((t) => compareDates(day(t.date), horizon) < 0).length,
    );
  });

  test("the whole year month by month, in order", () => {
    const months = scheduleByMonth(tasks);
    expect(months[0]?.month).toBe("2026-11");
    expect(months.flatMap((m) => m.tasks)).toEqual(tasks);
    expect(new Set(months.map((m) => m.month)).size).toBe(months.length);
    for (const m of months) for (const t of m.tasks) expect(t.date.startsWith(m.month)).toBe(true);
  });

  test("a line a day and kind of job for the year at a glance", () => {
    const lines = jobsByDay(tasks);
    expect(lines.flatMap((l) => l.plants).length).toBe(tasks.length);
    expect(new Set(lines.map((l) => `${l.date}|${l.kind}`)).size).toBe(lines.length);
    const together = jobsByDay([
      ...of(tasks, "feed", "tomato").slice(0, 1),
      { ...of(tasks, "feed", "tomato")[0]!, plantId: "capsicum", plantName: "Capsicum" },
    ]);
    expect(together).toEqual([
      { date: of(tasks, "feed", "tomato")[0]!.date, kind: "feed", plants: ["Tomato", "Capsicum"] },
    ]);
  });

  test("the page's part: the next weeks in full, the year a line a day and kind", () => {
    const page = schedulePage(tasks, today, 8);
    expect(page.weeks).toEqual(scheduleByWeek(tasks, today, 8));
    expect(page.count).toBe(tasks.length);
    expect(page.lastDate).toBe(tasks.at(-1)?.date);
    expect(page.year.flatMap((m) => m.days)).toEqual(jobsByDay(tasks));
    expect(schedulePage([], today, 8)).toEqual({ weeks: [], year: [], count: 0, lastDate: null });
  });

  test("the weekend's jobs are that week's, each once a plant", () => {
    const saturday = day("2026-11-28");
    const jobs = weekendJobs(tasks, saturday);
    for (const t of jobs) expect(t.date >= "2026-11-23" && t.date <= "2026-11-29").toBe(true);
    expect(weekendJobs(tasks, addMonths(saturday, 24))).toEqual([]);
  });
});

test("names without their variety for short texts", () => {
  expect(plainName(plant("cherry-tomato"))).toBe("cherry tomato");
  expect(plainName(plant("mint"))).toBe("mint");
  expect(plainName(plant("cos-lettuce"))).toBe("cos lettuce");
});
