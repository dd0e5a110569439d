// The editor's rules against the real plant library: spacing in a square, neighbours that grow
// poorly together, and planting out of season for the climate and the town's frost dates.
import { expect, test } from "vitest";
import {
  countsInSquare,
  neighbourWarnings,
  neighbours,
  plantsNamedIn,
  readableDay,
  rotationWarnings,
  seasonProblem,
} from "./garden-rules.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

const library = loadPlantLibrary();
const plant = (id: string) => {
  const found = library.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};

test("spacing: a square holds perSquare of one plant, or half each when two share it", () => {
  expect(countsInSquare([plant("carrot")])).toEqual([{ id: "carrot", count: 16 }]);
  expect(countsInSquare([plant("radish"), plant("spring-onion")])).toEqual([
    { id: "radish", count: 8 },
    { id: "spring-onion", count: 8 },
  ]);
  // A big plant sharing a square still counts as one.
  expect(countsInSquare([plant("courgette"), plant("radish")])).toEqual([
    { id: "courgette", count: 1 },
    { id: "radish", count: 8 },
  ]);
});

test("neighbours are the squares north, south, west and east, inside the box", () => {
  const grid = { columns: 3, rows: 3 };
  expect(neighbours(grid, 0).sort()).toEqual([1, 3]);
  expect(neighbours(grid, 4).sort()).toEqual([1, 3, 5, 7]);
  expect(neighbours(grid, 8).sort()).toEqual([5, 7]);
});

test("companions: beans beside onions warn once; beans beside carrots do not", () => {
  const grid = {
    columns: 3,
    rows: 2,
    squares: [["dwarf-beans"], ["spring-onion"], ["carrot"], [], ["dwarf-beans"], []],
  };
  const warnings = neighbourWarnings(grid, library);
  expect(warnings).toEqual([
    {
      kind: "avoid-near",
      squares: [0, 1],
      plants: ["dwarf-beans", "spring-onion"],
      message:
        "Dwarf bush beans and Spring onion are next to each other: they grow poorly together. Move one at least a square away.",
    },
    expect.objectContaining({ squares: [1, 4], plants: ["spring-onion", "dwarf-beans"] }),
  ]);
  // Diagonal squares are far enough apart.
  const apart = { columns: 2, rows: 2, squares: [["dwarf-beans"], [], [], ["garlic"]] };
  expect(neighbourWarnings(apart, library)).toEqual([]);
});

test("companions: two plants sharing a square that avoid each other warn", () => {
  const grid = { columns: 1, rows: 1, squares: [["strawberry", "cabbage"]] };
  expect(neighbourWarnings(grid, library).map((w) => w.message)).toEqual([
    "Strawberry and Cabbage 'Savoy' share a square: they grow poorly together. Move one at least a square away.",
  ]);
});

test("seasons: tomatoes go in from October in the temperate zone, September in the north", () => {
  const tomato = plant("cherry-tomato");
  expect(seasonProblem({ plant: tomato, zone: "temperate", date: "2026-10-25" })).toBeNull();
  expect(seasonProblem({ plant: tomato, zone: "temperate", date: "2026-09-10" })).toBe(
    "Cherry tomato 'Sweet 100' goes in the box in October, November or December here, not September.",
  );
  expect(seasonProblem({ plant: tomato, zone: "warm-north", date: "2026-09-10" })).toBeNull();
  expect(seasonProblem({ plant: plant("kumara"), zone: "cool-south", date: "2026-11-10" })).toBe(
    "Kūmara isn't grown outdoors in this climate.",
  );
});

test("seasons: a frost-tender plant waits for the town's last frost; a hardy one doesn't", () => {
  const frost = { lastFrost: "11-05", firstFrost: "04-10" };
  const tomato = plant("cherry-tomato");
  expect(seasonProblem({ plant: tomato, zone: "temperate", date: "2026-10-25", frost })).toBe(
    "Cherry tomato 'Sweet 100' is frost-tender: wait until after the average last frost here, about 5 November.",
  );
  expect(seasonProblem({ plant: tomato, zone: "temperate", date: "2026-11-10", frost })).toBeNull();
  expect(
    seasonProblem({ plant: plant("cos-lettuce"), zone: "temperate", date: "2026-10-01", frost }),
  ).toBeNull();
  // Frost-free towns have no last frost to wait for.
  const none = { lastFrost: null, firstFrost: null };
  expect(
    seasonProblem({ plant: tomato, zone: "warm-north", date: "2026-09-10", frost: none }),
  ).toBeNull();
});

test("seasons: too late to crop before the first autumn frost", () => {
  const frost = { lastFrost: "10-20", firstFrost: "03-20" };
  const pumpkin = plant("buttercup-pumpkin");
  expect(
    seasonProblem({ plant: pumpkin, zone: "temperate", date: "2026-12-28", frost }),
  ).toBeNull();
  const beans = plant("dwarf-beans");
  expect(seasonProblem({ plant: beans, zone: "temperate", date: "2027-01-30", frost })).toBe(
    "Dwarf bush beans needs about 55 days to crop, and the first frost here comes about 20 March.",
  );
});

test("names in prose: whole words, other names and macrons", () => {
  const ids = (text: string) =>
    plantsNamedIn(text, library)
      .map((p) => p.id)
      .sort();
  expect(ids("Plant kūmara tupu late in the month")).toEqual(["kumara"]);
  expect(ids("Sow carrots, beetroot and spring onions")).toEqual([
    "beetroot",
    "carrot",
    "spring-onion",
  ]);
  expect(ids("Plant cornflowers")).toEqual([]);
  expect(readableDay("09-05")).toBe("5 September");
});

test("rotation: the same family in the same square as last season warns; another family doesn't", () => {
  const last = [["cherry-tomato"], ["dwarf-beans"], []];
  const grid = { columns: 3, rows: 1, squares: [["capsicum"], ["cos-lettuce"], ["potato"]] };
  expect(rotationWarnings(grid, last, library)).toEqual([
    {
      kind: "rotation",
      squares: [0],
      plants: ["capsicum", "cherry-tomato"],
      message:
        "Capsicum in row 1, square 1: Cherry tomato 'Sweet 100', also in the tomato family, grew there last season. Plant a different family there to keep soil pests and diseases down.",
    },
  ]);
  const again = { columns: 3, rows: 1, squares: [[], ["dwarf-beans"], []] };
  expect(rotationWarnings(again, last, library).map((w) => w.message)).toEqual([
    "Dwarf bush beans in row 1, square 2: Dwarf bush beans also grew there last season. Plant a different family there to keep soil pests and diseases down.",
  ]);
  expect(rotationWarnings(grid, undefined, library)).toEqual([]);
});
