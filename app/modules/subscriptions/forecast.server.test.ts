// The packing forecast on a real database, under skips, pauses, swaps and plan changes: a made box
// counts as it stands (its swap, its old plan), a box not made yet is drafted from the contents
// table for the plan the subscription has now, a skipped box and a paused month are taken out,
// and a paid box of a subscription that has since stopped still goes. Figures worked out by hand
// from the rows made here.
import { expect, test } from "vitest";
import { boxContents, boxItems, type BoxLine, type BoxStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { insertBox, insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  forecastByMonth,
  forecastCsv,
  forecastWindow,
  getForecast,
  packingDaysBetween,
} from "./forecast.server.ts";

testServices({ emptyBeforeEach: true });

const NOW = new Date("2026-12-02T02:00:00Z");

const item = (id: string, name: string, kind: "seedling" | "seed", sizeClass: string) => ({
  id,
  name,
  kind,
  sizeClass: sizeClass as BoxLine["sizeClass"],
});
const BASIL = item("seedling-basil", "Basil seedlings", "seedling", "small-seedling");
const LETTUCE = item("seedling-lettuce", "Lettuce seedlings", "seedling", "small-seedling");
const TOMATO = item("seedling-tomato", "Tomato seedlings", "seedling", "large-seedling");
const CARROT = item("seed-carrot", "Carrot seeds", "seed", "seed-packet");
const line = (i: typeof BASIL, quantity: number): BoxLine => ({
  itemId: i.id,
  name: i.name,
  kind: i.kind,
  sizeClass: i.sizeClass,
  quantity,
});
const SMALL = [line(BASIL, 2), line(CARROT, 1)];

async function setUpContents() {
  await db().insert(boxItems).values([BASIL, LETTUCE, TOMATO, CARROT]);
  const rows = [];
  for (const month of [12, 1, 2, 3]) {
    rows.push(
      { month, zone: "warm-north", plan: "1m2", itemId: BASIL.id, quantity: 2, position: 0 },
      { month, zone: "warm-north", plan: "1m2", itemId: CARROT.id, quantity: 1, position: 1 },
      { month, zone: "warm-north", plan: "2m2", itemId: BASIL.id, quantity: 4, position: 0 },
      { month, zone: "warm-north", plan: "2m2", itemId: TOMATO.id, quantity: 2, position: 1 },
    );
  }
  await db().insert(boxContents).values(rows);
}

async function box(subscriptionId: string, deliverOn: string, status: BoxStatus, items = SMALL) {
  await insertBox(subscriptionId, deliverOn, status, items);
}

const qty = (items: { itemId: string; quantity: number }[]) =>
  Object.fromEntries(items.map((i) => [i.itemId, i.quantity]));

test("packing days are each delivery week's first day, three months from today", () => {
  expect(forecastWindow(NOW)).toEqual({ from: "2026-12-02", to: "2027-03-01" });
  expect(packingDaysBetween("2026-12-02", "2027-03-01")).toEqual([
    "2026-12-08",
    "2026-12-15",
    "2026-12-22",
    "2027-01-01",
    "2027-01-08",
    "2027-01-15",
    "2027-01-22",
    "2027-02-01",
    "2027-02-08",
    "2027-02-15",
    "2027-02-22",
    "2027-03-01",
  ]);
});

test("skips, pauses, swaps and plan changes, each packing day's boxes by plan, zone and item", async () => {
  await setUpContents();
  const start = { nextBoxOn: "2026-12-08", week: 2 as const, region: "Auckland" };
  const a = await insertSubscription(start);
  const b = await insertSubscription(start);
  const c = await insertSubscription({
    ...start,
    overrides: { status: "paused", pausedUntil: "2027-01-31" },
  });
  const d = await insertSubscription(start);
  // Changed to the 2 m² plan after December's box was made.
  const e = await insertSubscription({ ...start, plan: "2m2" });
  const f = await insertSubscription({ ...start, overrides: { status: "cancelled" } });
  for (const s of [a, b, c, d, e, f]) await box(s.id, "2026-12-08", "charged");
  await box(b.id, "2027-01-08", "skipped");
  // D swapped January's basil for lettuce.
  await box(d.id, "2027-01-08", "scheduled", [line(LETTUCE, 2), line(CARROT, 1)]);

  const days = await getForecast(forecastWindow(NOW));
  const on = (day: string) => days.find((x) => x.day === day)!;

  expect(on("2026-12-08")).toMatchObject({ boxes: 6, charged: 6, toCharge: 0, skipped: 0 });
  expect(on("2026-12-08").byPlanZone).toEqual([{ plan: "1m2", zone: "warm-north", count: 6 }]);
  expect(qty(on("2026-12-08").items)).toEqual({ "seedling-basil": 12, "seed-carrot": 6 });

  expect(on("2027-01-08")).toMatchObject({
    boxes: 3,
    charged: 0,
    toCharge: 3,
    skipped: 1,
    paused: 1,
  });
  expect(on("2027-01-08").byPlanZone).toEqual([
    { plan: "1m2", zone: "warm-north", count: 2 },
    { plan: "2m2", zone: "warm-north", count: 1 },
  ]);
  expect(qty(on("2027-01-08").items)).toEqual({
    "seedling-basil": 2 + 4,
    "seed-carrot": 1 + 1,
    "seedling-lettuce": 2,
    "seedling-tomato": 2,
  });

  // February: the pause is over, the skip was January's only.
  expect(on("2027-02-08")).toMatchObject({ boxes: 5, toCharge: 5, skipped: 0, paused: 0 });
  expect(qty(on("2027-02-08").items)).toEqual({
    "seedling-basil": 4 * 2 + 4,
    "seed-carrot": 4,
    "seedling-tomato": 2,
  });
  for (const day of ["2026-12-15", "2027-01-01", "2027-03-01"]) expect(on(day).boxes).toBe(0);
  // New Year's Day is a public holiday: the day says so; an ordinary Tuesday says nothing.
  expect(on("2027-01-01").warnings.join(" ")).toContain("public holiday");
  expect(on("2026-12-08").warnings).toEqual([]);

  const months = forecastByMonth(days);
  expect(months.map((m) => [m.month, m.boxes])).toEqual([
    ["2026-12", 6],
    ["2027-01", 3],
    ["2027-02", 5],
    ["2027-03", 0],
  ]);

  expect(
    forecastCsv(days).startsWith("\uFEFFPacking day,Item,Kind,Quantity,Boxes that day\r\n"),
  ).toBe(true);
  const csv = forecastCsv(days).trim().split("\r\n");
  expect(csv).toContain("2027-01-08,Lettuce seedlings,seedling,2,3");
  const total = csv.slice(1).reduce((s, r) => s + Number(r.split(",")[3]), 0);
  expect(total).toBe(12 + 6 + 6 + 2 + 2 + 2 + 12 + 4 + 2);
});

test("a garden plan's crops replace lines of the same kind and size in boxes not made yet", async () => {
  await setUpContents();
  await insertSubscription({
    nextBoxOn: "2027-01-08",
    week: 2,
    region: "Auckland",
    overrides: { gardenItems: [LETTUCE.id] },
  });
  // Lettuce is in season in warm-north only once some plan's box holds it.
  await db()
    .insert(boxContents)
    .values({ month: 1, zone: "warm-north", plan: "0.5m2", itemId: LETTUCE.id, quantity: 1 });
  const days = await getForecast({ from: "2027-01-01", to: "2027-01-31" });
  const jan8 = days.find((x) => x.day === "2027-01-08")!;
  expect(qty(jan8.items)).toEqual({ "seedling-lettuce": 2, "seed-carrot": 1 });
});
