// The member's own dated garden jobs (issue 23, "Guidance that follows the plan"): from the plants
// placed in their box, the library's months for their climate and their town's average frost
// dates, when to sow, plant out, feed, protect from frost, harvest and sow again, for the coming 12
// months. Pure, so /garden, the calendar feed and the reminder texts all show the same dates.
import {
  addDays,
  addMonths,
  compareDates,
  dayOfWeek,
  formatDayAndDate,
  isoDate,
  parseIsoDate,
  type CalendarDate,
} from "#app/modules/guidance/new-zealand-date.ts";
import { readableDay, type FrostDates } from "./garden-rules.ts";
import type { ClimateZoneKey, Plant } from "./plant-library.schema.ts";

export const SCHEDULE_TASK_KINDS = [
  "sow-indoors",
  "sow-direct",
  "plant-out",
  "sow-again",
  "feed",
  "protect",
  "harvest",
] as const;
export type ScheduleTaskKind = (typeof SCHEDULE_TASK_KINDS)[number];

export interface ScheduleTask {
  /** Stable: the same job for the same plant on the same day keeps its id (the feed's UID). */
  id: string;
  kind: ScheduleTaskKind;
  plantId: string;
  /** The plant's name as the library writes it. */
  plantName: string;
  /** New Zealand date, YYYY-MM-DD. */
  date: string;
  /** "Plant out Tomato". */
  title: string;
  /** The job in a few lower-case words for a text message: "plant out tomato". */
  short: string;
  /** Why this day, in a sentence or two. */
  detail: string;
}

export interface ScheduleInput {
  /** The plants placed in the box (each once). */
  plants: readonly Plant[];
  zone: ClimateZoneKey;
  /** The town's average frost dates; null (or nulls inside) where unknown or frosts are rare. */
  frost: FrostDates | null;
  today: CalendarDate;
  /**
   * The day the plan was saved: a sowing or planting window already open then is taken as started
   * that day, so the dates stay put from one day to the next. Defaults to today.
   */
  plannedOn?: CalendarDate;
  /** How far ahead, in months; 12 unless told. */
  months?: number;
}

/** Frost-tender plants go out a week after the average last frost, not on the day itself. */
export const FROST_MARGIN_DAYS = 7;
/** Seedlings raised indoors are ready to plant out about six weeks after sowing. */
export const SEEDLING_DAYS = 42;
/** Hungry summer crops get a liquid feed every three weeks; the rest every four. */
export const FEED_DAYS = { tender: 21, hardy: 28 } as const;
/** Crops quicker than this, sown straight in the box, are sown again in succession. */
export const QUICK_CROP_DAYS = 60;
/** Frost cover goes on this many days before the average first frost. */
const PROTECT_DAYS_BEFORE = 7;

const before = (a: CalendarDate, b: CalendarDate) => compareDates(a, b) < 0;
const later = (a: CalendarDate, b: CalendarDate) => (before(a, b) ? b : a);

function onMonthDay(year: number, md: string): CalendarDate {
  const [month, day] = md.split("-").map(Number);
  return { year, month: month!, day: day! };
}

function lastDayOf(year: number, month: number): CalendarDate {
  return addDays(addMonths({ year, month, day: 1 }, 1), -1);
}

/** The plant's name without its variety or a note: "Cherry tomato 'Sweet 100'" → "cherry tomato". */
export function plainName(plant: Pick<Plant, "name">): string {
  return plant.name
    .replace(/\s*'[^']*'/g, "")
    .replace(/\s*\([^)]*\)/g, "")
    .trim()
    .toLowerCase();
}

interface Run {
  start: CalendarDate;
  end: CalendarDate;
}

/** A plant's months as date ranges, months in a row (across New Year too) joined into one. */
function runsOf(months: readonly number[], fromYear: number, toYear: number): Run[] {
  const runs: Run[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const month of [...months].sort((a, b) => a - b)) {
      const start = { year, month, day: 1 };
      const end = lastDayOf(year, month);
      const previous = runs.at(-1);
      if (previous && compareDates(addDays(previous.end, 1), start) === 0) previous.end = end;
      else runs.push({ start, end });
    }
  }
  return runs;
}

interface Frosty {
  lastFrost: string;
  firstFrost: string;
}

/**
 * The first day on or after `day` that is safe for a frost-tender plant: inside a frost-free
 * season, which runs from a week after the average last spring frost to the next first autumn one.
 */
function frostSafeFrom(day: CalendarDate, frost: Frosty): CalendarDate {
  for (const year of [day.year - 1, day.year]) {
    const opens = addDays(onMonthDay(year, frost.lastFrost), FROST_MARGIN_DAYS);
    const closes = onMonthDay(year + 1, frost.firstFrost);
    if (!before(day, opens) && before(day, closes)) return day;
  }
  const opens = addDays(onMonthDay(day.year, frost.lastFrost), FROST_MARGIN_DAYS);
  return before(day, opens)
    ? opens
    : addDays(onMonthDay(day.year + 1, frost.lastFrost), FROST_MARGIN_DAYS);
}

/** The average first autumn frost after `day`. */
function firstFrostAfter(day: CalendarDate, frost: Frosty): CalendarDate {
  const thisYear = onMonthDay(day.year, frost.firstFrost);
  return before(day, thisYear) ? thisYear : onMonthDay(day.year + 1, frost.firstFrost);
}

/** Two to four weeks between sowings: about half the time the crop takes. */
export function successionDays(plant: Pick<Plant, "daysToHarvest">): number {
  const weeks = Math.round(plant.daysToHarvest.min / 2 / 7);
  return Math.min(4, Math.max(2, weeks)) * 7;
}

function isQuick(plant: Plant, direct: boolean): boolean {
  return direct && plant.frost === "hardy" && plant.daysToHarvest.min <= QUICK_CROP_DAYS;
}

const weeksText = (days: number) => `${days / 7} weeks`;

function task(
  plant: Plant,
  kind: ScheduleTaskKind,
  date: CalendarDate,
  title: string,
  short: string,
  detail: string,
): ScheduleTask {
  const iso = isoDate(date);
  return {
    id: `${kind}-${plant.id}-${iso}`,
    kind,
    plantId: plant.id,
    plantName: plant.name,
    date: iso,
    title,
    short,
    detail,
  };
}

/** One sowing or planting and what follows it: feeds, frost cover and the first harvest. */
function crop(
  plant: Plant,
  kind: "sow-direct" | "plant-out" | "sow-again",
  day: CalendarDate,
  run: Run,
  frost: Frosty | null,
  raisedIndoors: boolean,
): ScheduleTask[] {
  const name = plant.name;
  const plain = plainName(plant);
  const windowEnds = `The window here runs to ${formatDayAndDate(run.end)}.`;
  const frostNote =
    plant.frost === "tender" && frost
      ? ` It is frost-tender, so it goes in a week after the average last frost here (about ${readableDay(frost.lastFrost)}).`
      : "";
  const tasks: ScheduleTask[] = [];
  if (kind === "sow-direct") {
    tasks.push(
      task(
        plant,
        kind,
        day,
        `Sow ${name}`,
        `sow ${plain}`,
        `Straight into the box. ${windowEnds}${frostNote}`,
      ),
    );
  } else if (kind === "sow-again") {
    const every = weeksText(successionDays(plant));
    tasks.push(
      task(
        plant,
        kind,
        day,
        `Sow more ${name}`,
        `sow more ${plain}`,
        `A new sowing every ${every} keeps the harvests coming. ${windowEnds}`,
      ),
    );
  } else {
    const md = isoDate(day).slice(5);
    const beforeLastFrost = frost !== null && md >= "07-01" && md < frost.lastFrost;
    const hardy =
      plant.frost === "hardy"
        ? beforeLastFrost
          ? " It is hardy, so it can go in before the last frost."
          : ""
        : frostNote || " It is frost-tender: keep frost cloth handy on cold nights.";
    tasks.push(
      task(
        plant,
        kind,
        day,
        `Plant out ${name}`,
        `plant out ${plain}`,
        `Seedlings into the box. ${windowEnds}${hardy}`,
      ),
    );
    if (raisedIndoors) {
      const sowOn = addDays(day, -SEEDLING_DAYS);
      tasks.push(
        task(
          plant,
          "sow-indoors",
          sowOn,
          `Sow ${name} indoors`,
          `sow ${plain} indoors`,
          `In trays on a warm, bright windowsill, about 6 weeks before planting out on ${formatDayAndDate(day)}. Or buy seedlings then.`,
        ),
      );
    }
  }

  const { min, max } = plant.daysToHarvest;
  const harvestFrom = addDays(day, min);
  tasks.push(
    task(
      plant,
      "harvest",
      harvestFrom,
      `Start harvesting ${name}`,
      `start picking ${plain}`,
      `About ${min === max ? min : `${min} to ${max}`} days after ${kind === "plant-out" ? "planting out" : "sowing"} on ${formatDayAndDate(day)}.`,
    ),
  );

  const tender = plant.frost === "tender";
  const frostDay = tender && frost ? firstFrostAfter(day, frost) : null;
  if (!isQuick(plant, kind !== "plant-out")) {
    const every = FEED_DAYS[plant.frost];
    // Tender crops crop until the frost (or about eight weeks past their days to harvest where
    // frosts are rare); hardy ones are fed until their harvest starts.
    const until = tender ? addDays(frostDay ?? addDays(day, max + 56), -21) : harvestFrom;
    for (let feed = addDays(day, every); before(feed, until); feed = addDays(feed, every)) {
      tasks.push(
        task(
          plant,
          "feed",
          feed,
          `Feed ${name}`,
          `feed ${plain}`,
          `A liquid feed (seaweed or a vegetable fertiliser) every ${weeksText(every)} while it grows.`,
        ),
      );
    }
  }
  if (frostDay && frost) {
    const coverOn = addDays(frostDay, -PROTECT_DAYS_BEFORE);
    if (before(day, coverOn)) {
      tasks.push(
        task(
          plant,
          "protect",
          coverOn,
          `Protect ${name} from frost`,
          `cover ${plain} against frost`,
          `The first frost here comes about ${readableDay(frost.firstFrost)}: cover it at night with frost cloth, or pick the last of the crop and clear it.`,
        ),
      );
    }
  }
  return tasks;
}

function plantTasks(
  plant: Plant,
  zone: ClimateZoneKey,
  frost: Frosty | null,
  plannedOn: CalendarDate,
  horizon: CalendarDate,
): ScheduleTask[] {
  const windows = plant.months[zone];
  const direct = windows.sowDirect.length > 0;
  const months = direct ? windows.sowDirect : windows.transplant;
  const tenderFrost = plant.frost === "tender" ? frost : null;
  const indoors = windows.sowIndoors.length > 0;
  const tasks: ScheduleTask[] = [];
  for (const run of runsOf(months, plannedOn.year - 1, horizon.year + 1)) {
    if (before(run.end, plannedOn)) continue;
    if (!before(run.start, horizon)) break;
    let day = later(run.start, plannedOn);
    if (tenderFrost) day = frostSafeFrom(day, tenderFrost);
    const inTime = (d: CalendarDate) =>
      !before(run.end, d) &&
      (!tenderFrost ||
        !before(firstFrostAfter(d, tenderFrost), addDays(d, plant.daysToHarvest.min)));
    if (!inTime(day)) continue;
    tasks.push(...crop(plant, direct ? "sow-direct" : "plant-out", day, run, frost, indoors));
    if (!isQuick(plant, direct)) continue;
    const every = successionDays(plant);
    for (
      let next = addDays(day, every);
      inTime(next) && before(next, horizon);
      next = addDays(next, every)
    ) {
      tasks.push(...crop(plant, "sow-again", next, run, frost, false));
    }
  }
  return tasks;
}

/** Every dated job for the plants in the box, today and for the coming months, in date order. */
export function gardenSchedule(input: ScheduleInput): ScheduleTask[] {
  const { today, zone } = input;
  const horizon = addMonths(today, input.months ?? 12);
  const plannedOn = input.plannedOn && before(input.plannedOn, today) ? input.plannedOn : today;
  const frost =
    input.frost?.lastFrost && input.frost.firstFrost
      ? { lastFrost: input.frost.lastFrost, firstFrost: input.frost.firstFrost }
      : null;
  const byId = new Map<string, ScheduleTask>();
  const seen = new Set<string>();
  for (const plant of input.plants) {
    if (seen.has(plant.id)) continue;
    seen.add(plant.id);
    for (const t of plantTasks(plant, zone, frost, plannedOn, horizon)) {
      const day = parseIsoDate(t.date);
      if (before(day, today) || !before(day, horizon)) continue;
      if (!byId.has(t.id)) byId.set(t.id, t);
    }
  }
  const order = (kind: ScheduleTaskKind) => SCHEDULE_TASK_KINDS.indexOf(kind);
  return [...byId.values()].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      order(a.kind) - order(b.kind) ||
      a.title.localeCompare(b.title, "en-NZ"),
  );
}

/** The plant ids in a plan's squares, each once, in the order they first appear. */
export function plantedIds(squares: readonly (readonly string[])[]): string[] {
  return [...new Set(squares.flat())];
}

export interface ScheduleWeek {
  /** The Monday the week starts, YYYY-MM-DD. */
  starts: string;
  tasks: ScheduleTask[];
}

/** Monday of the week a day falls in (New Zealand weeks start on Monday). */
export function mondayOf(day: CalendarDate): CalendarDate {
  return addDays(day, -((dayOfWeek(day) + 6) % 7));
}

/** The tasks of the next `weeks` weeks (this one first), week by week; weeks without jobs left out. */
export function scheduleByWeek(
  tasks: readonly ScheduleTask[],
  today: CalendarDate,
  weeks: number,
): ScheduleWeek[] {
  const first = mondayOf(today);
  const groups: ScheduleWeek[] = [];
  for (let i = 0; i < weeks; i++) {
    const starts = addDays(first, i * 7);
    const ends = addDays(starts, 7);
    const inWeek = tasks.filter((t) => {
      const day = parseIsoDate(t.date);
      return !before(day, starts) && before(day, ends);
    });
    if (inWeek.length > 0) groups.push({ starts: isoDate(starts), tasks: inWeek });
  }
  return groups;
}

/**
 * The jobs for a weekend, for Friday's text: anything due from the Monday of that week to the
 * Sunday (a job not done on its day is still waiting at the weekend), each job once a plant.
 */
export function weekendJobs(
  tasks: readonly ScheduleTask[],
  saturday: CalendarDate,
): ScheduleTask[] {
  const from = mondayOf(saturday);
  const to = addDays(from, 7);
  const seen = new Set<string>();
  return tasks.filter((t) => {
    const day = parseIsoDate(t.date);
    const key = `${t.kind}:${t.plantId}`;
    if (before(day, from) || !before(day, to) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface ScheduleMonth {
  /** YYYY-MM. */
  month: string;
  tasks: ScheduleTask[];
}

/** The whole schedule month by month, for the year view. */
export function scheduleByMonth(tasks: readonly ScheduleTask[]): ScheduleMonth[] {
  const months: ScheduleMonth[] = [];
  for (const t of tasks) {
    const month = t.date.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.tasks.push(t);
    else months.push({ month, tasks: [t] });
  }
  return months;
}

export interface ScheduleDay {
  date: string;
  kind: ScheduleTaskKind;
  /** The plants with this job that day, by name. */
  plants: string[];
}

/** One line a day and kind of job ("Feed: Capsicum, Tomato"), for the year at a glance. */
export function jobsByDay(tasks: readonly ScheduleTask[]): ScheduleDay[] {
  const days = new Map<string, ScheduleDay>();
  for (const t of tasks) {
    const key = `${t.date}|${t.kind}`;
    const day = days.get(key);
    if (day) day.plants.push(t.plantName);
    else days.set(key, { date: t.date, kind: t.kind, plants: [t.plantName] });
  }
  return [...days.values()];
}

export interface SchedulePage {
  /** The next weeks' jobs in full, week by week. */
  weeks: ScheduleWeek[];
  /** The whole schedule, month by month, a line a day and kind. */
  year: { month: string; days: ScheduleDay[] }[];
  /** How many jobs in the whole schedule, and the last one's date. */
  count: number;
  lastDate: string | null;
}

/** What /garden shows: the next weeks in full, and the year compactly (the page stays small). */
export function schedulePage(
  tasks: readonly ScheduleTask[],
  today: CalendarDate,
  weeks: number,
): SchedulePage {
  return {
    weeks: scheduleByWeek(tasks, today, weeks),
    year: scheduleByMonth(tasks).map((m) => ({ month: m.month, days: jobsByDay(m.tasks) })),
    count: tasks.length,
    lastDate: tasks.at(-1)?.date ?? null,
  };
}
