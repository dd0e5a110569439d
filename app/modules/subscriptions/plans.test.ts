import { expect, test } from "vitest";
import { findPlan, planCardPlants, plans } from "./plans.ts";

test("the three plans are the spec's, with real plant lists of the stated length", () => {
  expect(plans.map((p) => [p.id, p.size, p.price, p.description, p.plantVarieties])).toEqual([
    ["0.5m2", "0.5m²", 2999, "Perfect starter garden", 7],
    ["1m2", "1m²", 3999, "Most popular choice", 15],
    ["2m2", "2m²", 6999, "Maximum variety", 30],
  ]);
  for (const plan of plans) {
    expect(plan.detailedFeatures.plants).toHaveLength(plan.plantVarieties);
    expect(new Set(plan.detailedFeatures.plants).size).toBe(plan.plantVarieties);
  }
  expect(plans.map((p) => p.bestFor)).toEqual([
    "Small spaces and balconies",
    "Average garden beds",
    "Large gardens and families",
  ]);
});

test("a card lists the first 4 plants, then how many more", () => {
  expect(plans.map((p) => planCardPlants(p).more)).toEqual([3, 11, 26]);
  expect(planCardPlants(plans[0]!).shown).toHaveLength(4);
  expect(findPlan("1m2")?.size).toBe("1m²");
  expect(findPlan("nope")).toBeUndefined();
});
