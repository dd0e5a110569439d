import { expect, test } from "vitest";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { listPlantingLayouts, plantGuide, plantingLayoutFor } from "./planting-layouts.ts";

test("each plan's grid fits its bed: 3 × 2, 3 × 3 and 6 × 3 squares of about 30 cm", () => {
  const sizes = listPlantingLayouts().map((l) => [l.planId, l.columns, l.rows, l.grid]);
  expect(sizes).toEqual([
    ["0.5m2", 3, 2, "3 squares long and 2 wide, each about 33 × 25 cm"],
    ["1m2", 3, 3, "3 squares long and 3 wide, each about 33 cm square"],
    ["2m2", 6, 3, "6 squares long and 3 wide, each about 33 cm square"],
  ]);
  for (const layout of listPlantingLayouts()) {
    for (const season of layout.seasons) {
      expect(season.rows, `${layout.planId} ${season.id}`).toHaveLength(layout.rows);
      for (const row of season.rows) expect(row).toHaveLength(layout.columns);
    }
  }
});

test("between its two seasons, every layout uses every variety of its plan and no other", () => {
  for (const plan of plans) {
    const layout = plantingLayoutFor(plan);
    const used = new Set([
      ...layout.seasons.flatMap((s) => s.rows.flat(2).map((p) => p.name)),
      ...layout.besideTheBox.map((p) => p.name),
    ]);
    expect([...used].sort(), plan.id).toEqual([...plan.detailedFeatures.plants].sort());
    expect(layout.plants.length + layout.besideTheBox.length).toBe(plan.plantVarieties);
  }
});

test("plants per square are square-foot counts, halved when two crops share a square", () => {
  for (const plan of plans) {
    for (const name of plan.detailedFeatures.plants) {
      expect([1, 2, 4, 8, 9, 16], name).toContain(plantGuide(name).perSquare);
    }
  }
  const shared = plantingLayoutFor(plans[1]!)
    .seasons[0]!.rows.flat()
    .find((square) => square.length === 2)!;
  expect(shared.map((p) => [p.short, p.count])).toEqual([
    ["Radish", 8],
    ["Spring onion", 8],
  ]);
});

test("tall crops and trellises stand in the south row, where they shade nothing", () => {
  const tall = ["Cherry tomato 'Sweet 100'", "Climbing beans", "Snow peas", "Broad beans"];
  for (const layout of listPlantingLayouts()) {
    for (const season of layout.seasons) {
      season.rows.forEach((row, r) => {
        for (const square of row) {
          for (const p of square) {
            if (tall.includes(p.name))
              expect(r, `${p.name} in ${layout.planId}`).toBe(layout.rows - 1);
          }
        }
      });
    }
  }
});
