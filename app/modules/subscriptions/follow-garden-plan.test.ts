// A box that follows the member's accepted garden plan: seed and seedling lines the plan doesn't
// grow give way to ones it does, of the same kind and size class (so the same price), from what is
// in season that month; supplies and lines with no such alternative stay.
import { expect, test } from "vitest";
import type { BoxLine } from "#db/schema/index.ts";
import { followGardenPlan } from "./follow-garden-plan.ts";

const line = (itemId: string, sizeClass: BoxLine["sizeClass"], quantity = 1): BoxLine => ({
  itemId,
  name: itemId,
  kind: itemId.startsWith("seedling-")
    ? "seedling"
    : itemId.startsWith("seed-")
      ? "seed"
      : "supply",
  sizeClass,
  quantity,
});

const box = [
  line("seedling-tomato", "large-seedling", 2),
  line("seedling-lettuce", "small-seedling", 6),
  line("seed-carrot", "seed-packet"),
  line("supply-compost", "supply"),
];
const inSeason = [
  ...box,
  line("seedling-courgette", "large-seedling"),
  line("seedling-basil", "small-seedling"),
  line("seedling-spinach", "small-seedling"),
  line("seed-beetroot", "seed-packet"),
];

test("lines the plan doesn't grow become ones it does, same kind, size class and quantity", () => {
  const wanted = new Set(["seedling-courgette", "seedling-basil", "seed-beetroot", "seed-carrot"]);
  expect(followGardenPlan(box, wanted, inSeason)).toEqual([
    line("seedling-courgette", "large-seedling", 2),
    line("seedling-basil", "small-seedling", 6),
    // Already in the plan: stays.
    line("seed-carrot", "seed-packet"),
    // Supplies aren't crops: they stay.
    line("supply-compost", "supply"),
  ]);
});

test("no alternative in season, or none of the size class: the line stays", () => {
  const wanted = new Set(["seedling-kumara", "seed-beetroot"]);
  expect(followGardenPlan(box, wanted, inSeason)).toEqual([
    box[0],
    box[1],
    line("seed-beetroot", "seed-packet"),
    box[3],
  ]);
});

test("an alternative goes in once, and never beside itself", () => {
  const two = [
    line("seedling-lettuce", "small-seedling"),
    line("seedling-rocket", "small-seedling"),
  ];
  const wanted = new Set(["seedling-basil"]);
  expect(
    followGardenPlan(two, wanted, [...two, line("seedling-basil", "small-seedling")]).map(
      (l) => l.itemId,
    ),
  ).toEqual(["seedling-basil", "seedling-rocket"]);
  // Already in the box: not added again for another line.
  const withBasil = [
    line("seedling-basil", "small-seedling"),
    line("seedling-lettuce", "small-seedling"),
  ];
  expect(followGardenPlan(withBasil, wanted, [...withBasil]).map((l) => l.itemId)).toEqual([
    "seedling-basil",
    "seedling-lettuce",
  ]);
});

test("without an accepted plan the box is the contents table's", () => {
  expect(followGardenPlan(box, new Set(), inSeason)).toEqual(box);
});
