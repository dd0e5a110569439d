// Box seedlings to library plants (every catalogue crop's seedling maps to a plant that exists, or
// is left out on purpose) and the square each is suggested for.
import { describe, expect, test } from "vitest";
import { CROPS, seedlingOf } from "#app/modules/subscriptions/box-item-catalogue.ts";
import {
  BOX_SEEDLING_PLANTS,
  boxSeedlingPlants,
  placeSuggestions,
  squareName,
  suggestSquares,
} from "./box-seedlings.ts";
import { emptyPlan } from "./garden.schema.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

const libraryIds = new Set(loadPlantLibrary().map((p) => p.id));

describe("the mapping", () => {
  test("every catalogue crop's seedlings map to a plant in the library", () => {
    for (const crop of CROPS) {
      const plantId = BOX_SEEDLING_PLANTS[seedlingOf(crop).id];
      expect(plantId, crop.slug).toBeDefined();
      expect(libraryIds.has(plantId!), `${crop.slug} → ${plantId}`).toBe(true);
    }
    expect(Object.keys(BOX_SEEDLING_PLANTS)).toHaveLength(CROPS.length);
  });

  test("a box's seedlings, once each; seeds, supplies and unknown items left out", () => {
    expect(
      boxSeedlingPlants(
        [
          { itemId: "seedling-lettuce", kind: "seedling" },
          { itemId: "seed-carrot", kind: "seed" },
          { itemId: "supply-compost", kind: "supply" },
          { itemId: "seedling-parsley", kind: "seedling" },
          { itemId: "seedling-lettuce", kind: "seedling" },
          { itemId: "seedling-mandrake", kind: "seedling" },
        ],
        libraryIds,
      ),
    ).toEqual(["buttercrunch-lettuce", "italian-parsley"]);
    expect(boxSeedlingPlants([{ itemId: "seedling-tomato", kind: "seedling" }], new Set())).toEqual(
      [],
    );
  });
});

describe("suggested squares", () => {
  test("the first empty squares in order, then make room", () => {
    const plan = emptyPlan("0.5m2"); // 3 × 2
    plan.squares = [["tomato"], [], ["radish", "radish"], [], ["kale"], []];
    const suggestions = suggestSquares(plan, ["lettuce", "basil", "chives", "leek"]);
    expect(suggestions).toEqual([
      { plantId: "lettuce", square: 1 },
      { plantId: "basil", square: 3 },
      { plantId: "chives", square: 5 },
      { plantId: "leek", square: null },
    ]);
    const placed = placeSuggestions(plan, suggestions);
    expect(placed.squares).toEqual([
      ["tomato"],
      ["lettuce"],
      ["radish", "radish"],
      ["basil"],
      ["kale"],
      ["chives"],
    ]);
    expect(plan.squares[1]).toEqual([]);
    expect(squareName(3, 3)).toBe("row 2, square 1");
    expect(squareName(5, 3)).toBe("row 2, square 3");
  });

  test("a full plan: every seedling needs room", () => {
    const plan = emptyPlan("0.5m2");
    plan.squares = plan.squares.map(() => ["kale"]);
    expect(suggestSquares(plan, ["tomato"])).toEqual([{ plantId: "tomato", square: null }]);
  });
});
