// The packing forecast (issue 40, ADR 074): for every packing day from the next one on, for three
// months, the boxes due (charged already, or still to be charged at their cutoff) by plan, climate
// zone and item, with what members removed already taken out: a skipped box, a paused month, an
// unpaid box. A box already made is counted as it stands (its swaps, its plan and zone); a box not
// made yet is drafted the way the renewal will make it: the subscription's plan now, its region's
// zone, that month's contents table, following its accepted garden plan. Read in three queries
// (running subscriptions, the boxes in the window, the contents table) and worked out in memory.
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import {
  boxContents,
  boxes,
  boxItems,
  subscriptions,
  type BoxLine,
  type BoxStatus,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { isNzRegion } from "#app/lib/nz-regions.ts";
import { addDays, nextBoxDate, nzToday, type DeliveryWeek } from "./box-dates.ts";
import { monthOf, zoneOf } from "./box-contents.server.ts";
import { followGardenPlan } from "./follow-garden-plan.ts";
import { packingDayWarnings } from "./packing-holidays.server.ts";

/** The days a month's boxes are packed: each delivery week's first day. */
export const PACKING_DAYS_OF_MONTH = [1, 8, 15, 22] as const;

/** Box statuses that are counted as coming: paid, or to be charged at the cutoff. */
const CHARGED: readonly BoxStatus[] = ["charged", "packed", "shipped"];
const TO_CHARGE: readonly BoxStatus[] = ["scheduled", "locked", "payment_failed"];

export interface ForecastItem {
  itemId: string;
  name: string;
  kind: string;
  quantity: number;
  /** Of the quantity, what is in boxes already packed: taken off the stock (ADR 077). */
  packed: number;
}

export interface ForecastDay {
  day: string;
  /** Boxes coming: charged plus to charge. */
  boxes: number;
  charged: number;
  toCharge: number;
  /** Taken out already: skipped boxes, paused months, unpaid boxes. */
  skipped: number;
  paused: number;
  unpaid: number;
  byPlanZone: { plan: string; zone: string; count: number }[];
  items: ForecastItem[];
  /** Public holidays on the day, and the members' regions' anniversary days in its week. */
  warnings: string[];
}

/** The packing days from `from` up to and including `to` (ISO dates). */
export function packingDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  let [y, m] = from.split("-").map(Number) as [number, number];
  for (;;) {
    for (const d of PACKING_DAYS_OF_MONTH) {
      const day = new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
      if (day > to) return days;
      if (day >= from) days.push(day);
    }
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
}

/** Three months of packing days from the next one (today's counts while it is packed). */
export function forecastWindow(now = new Date(), months = 3) {
  const from = nzToday(now);
  const [y, m, d] = from.split("-").map(Number) as [number, number, number];
  const to = addDays(new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10), -1);
  return { from, to };
}

type Counted = Omit<ForecastDay, "byPlanZone" | "items" | "warnings"> & {
  planZone: Map<string, number>;
  items: Map<string, ForecastItem>;
};

export async function getForecast(window = forecastWindow()): Promise<ForecastDay[]> {
  const days = packingDaysBetween(window.from, window.to);
  if (days.length === 0) return [];
  const database = db();
  const [subs, made, contents] = await Promise.all([
    database
      .select({
        id: subscriptions.id,
        plan: subscriptions.plan,
        region: subscriptions.region,
        status: subscriptions.status,
        deliveryWeek: subscriptions.deliveryWeek,
        nextBoxOn: subscriptions.nextBoxOn,
        pausedUntil: subscriptions.pausedUntil,
        gardenItems: subscriptions.gardenItems,
      })
      .from(subscriptions)
      .where(inArray(subscriptions.status, ["active", "paused", "past_due"])),
    database
      .select({
        subscriptionId: boxes.subscriptionId,
        deliverOn: boxes.deliverOn,
        status: boxes.status,
        plan: boxes.plan,
        zone: boxes.zone,
        items: boxes.items,
      })
      .from(boxes)
      .where(and(gte(boxes.deliverOn, days[0]!), lte(boxes.deliverOn, days.at(-1)!))),
    database
      .select({
        month: boxContents.month,
        zone: boxContents.zone,
        plan: boxContents.plan,
        itemId: boxItems.id,
        name: boxItems.name,
        kind: boxItems.kind,
        sizeClass: boxItems.sizeClass,
        quantity: boxContents.quantity,
      })
      .from(boxContents)
      .innerJoin(boxItems, eq(boxItems.id, boxContents.itemId))
      .orderBy(asc(boxContents.position), asc(boxItems.name), asc(boxContents.plan)),
  ]);
  // The contents table by month, zone and plan, and what is in season by month and zone.
  const table = new Map<string, BoxLine[]>();
  const season = new Map<string, BoxLine[]>();
  for (const { month, zone, plan, ...line } of contents) {
    const key = `${month}|${zone}|${plan}`;
    table.set(key, [...(table.get(key) ?? []), line]);
    const inSeason = season.get(`${month}|${zone}`) ?? [];
    if (!inSeason.some((l) => l.itemId === line.itemId)) inSeason.push(line);
    season.set(`${month}|${zone}`, inSeason);
  }
  const boxAt = new Map(made.map((b) => [`${b.subscriptionId}|${b.deliverOn}`, b]));
  const counted = new Map<string, Counted>(
    days.map((day) => [
      day,
      {
        day,
        boxes: 0,
        charged: 0,
        toCharge: 0,
        skipped: 0,
        paused: 0,
        unpaid: 0,
        planZone: new Map(),
        items: new Map(),
      },
    ]),
  );
  const add = (
    c: Counted,
    plan: string,
    zone: string,
    lines: readonly BoxLine[],
    status?: BoxStatus,
  ) => {
    const packed = status === "packed" || status === "shipped";
    c.boxes++;
    const key = `${plan}|${zone}`;
    c.planZone.set(key, (c.planZone.get(key) ?? 0) + 1);
    for (const l of lines) {
      const item = c.items.get(l.itemId);
      if (item) {
        item.quantity += l.quantity;
        if (packed) item.packed += l.quantity;
      } else
        c.items.set(l.itemId, {
          itemId: l.itemId,
          name: l.name,
          kind: l.kind,
          quantity: l.quantity,
          packed: packed ? l.quantity : 0,
        });
    }
  };
  const last = days.at(-1)!;
  for (const sub of subs) {
    const week = sub.deliveryWeek as DeliveryWeek;
    const zone = zoneOf(sub);
    const wanted = sub.gardenItems?.length ? new Set(sub.gardenItems) : null;
    for (let day = sub.nextBoxOn; day <= last; day = nextBoxDate(day, week)) {
      const c = counted.get(day);
      if (!c) continue;
      const box = boxAt.get(`${sub.id}|${day}`);
      if (box) {
        if (box.status === "skipped") c.skipped++;
        else if (box.status === "unpaid") c.unpaid++;
        else {
          if (CHARGED.includes(box.status)) c.charged++;
          else if (TO_CHARGE.includes(box.status)) c.toCharge++;
          add(c, box.plan, box.zone, box.items, box.status);
        }
        continue;
      }
      if (sub.status === "paused" && sub.pausedUntil && day <= sub.pausedUntil) {
        c.paused++;
        continue;
      }
      const month = monthOf(day);
      const lines = table.get(`${month}|${zone}|${sub.plan}`) ?? [];
      c.toCharge++;
      add(
        c,
        sub.plan,
        zone,
        wanted ? followGardenPlan(lines, wanted, season.get(`${month}|${zone}`) ?? []) : lines,
      );
    }
  }
  // A paid box whose subscription has since stopped still goes (it was paid for).
  const running = new Set(subs.map((s) => s.id));
  for (const box of made) {
    const c = counted.get(box.deliverOn);
    if (!c || running.has(box.subscriptionId) || !CHARGED.includes(box.status)) continue;
    c.charged++;
    add(c, box.plan, box.zone, box.items, box.status);
  }
  const regions = [...new Set(subs.map((s) => s.region))].filter(isNzRegion);
  return [...counted.values()].map(({ planZone, items, ...rest }) => ({
    ...rest,
    warnings: packingDayWarnings(rest.day, regions),
    byPlanZone: [...planZone.entries()]
      .map(([key, count]) => {
        const [plan, zone] = key.split("|") as [string, string];
        return { plan, zone, count };
      })
      .sort((a, b) => a.plan.localeCompare(b.plan) || a.zone.localeCompare(b.zone)),
    items: [...items.values()].sort(
      (a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name),
    ),
  }));
}

/** The forecast summed by month: what the grower's order for each month is. */
export function forecastByMonth(days: readonly ForecastDay[]) {
  const months = new Map<
    string,
    { month: string; boxes: number; items: Map<string, ForecastItem> }
  >();
  for (const d of days) {
    const key = d.day.slice(0, 7);
    const m = months.get(key) ?? { month: key, boxes: 0, items: new Map() };
    m.boxes += d.boxes;
    for (const i of d.items) {
      const item = m.items.get(i.itemId);
      if (item) {
        item.quantity += i.quantity;
        item.packed += i.packed;
      } else m.items.set(i.itemId, { ...i });
    }
    months.set(key, m);
  }
  return [...months.values()].map((m) => ({
    month: m.month,
    boxes: m.boxes,
    items: [...m.items.values()].sort(
      (a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name),
    ),
  }));
}

/** A cell a spreadsheet won't run as a formula, quoted for CSV. */
function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  let s = value;
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The grower's order: every packing day's items, a row each (UTF-8 with a byte-order mark). */
export function forecastCsv(days: readonly ForecastDay[]): string {
  const rows = [["Packing day", "Item", "Kind", "Quantity", "Boxes that day"].join(",")];
  for (const d of days)
    for (const i of d.items)
      rows.push([d.day, i.name, i.kind, i.quantity, d.boxes].map(csvCell).join(","));
  return `\uFEFF${rows.join("\r\n")}\r\n`;
}
