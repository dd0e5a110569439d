// The suggested next season's plan against the real plant library: no square gets a family that
// grew in it this season (what the editor's rotation memory warns about), nothing is lost without
// being named, the same plan always gives the same suggestion, and when the season has ended.
import { expect, test } from "vitest";
import { rotationWarnings } from "./garden-rules.ts";
import { BOX_GRIDS, BOX_SIZES, emptyPlan } from "./garden.schema.ts";
import { seasonHasEnded, suggestNextSeason } from "./next-season.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

const library = loadPlantLibrary();
const family = (id: string) => library.find((p) => p.id === id)!.family.botanical;

function warningsOf(next: ReturnType<typeof suggestNextSeason>, boxSize: keyof typeof BOX_GRIDS) {
  const { columns, rows } = BOX_GRIDS[boxSize];
  return rotationWarnings({ columns, rows, squares: next.squares }, next.lastSeason, library);
}

test("a mixed 1 m² plan: every square gets a different family from this season's", () => {
  const plan = emptyPlan("1m2");
  plan.squares = [
    ["tomato"],
    ["sweet-basil"],
    ["buttercrunch-lettuce", "radish"],
    ["capsicum"],
    ["carrot"],
    ["dwarf-beans"],
    [],
    ["spring-onion"],
    ["courgette"],
  ];
  const next = suggestNextSeason(plan, library);
  expect(warningsOf(next, "1m2")).toEqual([]);
  expect(next.leftOut).toEqual([]);
  expect(next.lastSeason).toEqual(plan.squares);
  // The tomato moves; nothing of the tomato family (tomato, capsicum) goes where either grew.
  expect(next.squares[0]).not.toEqual(["tomato"]);
  for (const square of [0, 3])
    expect(next.squares[square]!.map(family)).not.toContain(family("tomato"));
  // Every plant is still in the plan, squares kept together (lettuce and radish share one).
  expect(next.squares.flat().sort()).toEqual(plan.squares.flat().sort());
  expect(next.squares).toContainEqual(["buttercrunch-lettuce", "radish"]);
  // The same plan gives the same suggestion: the accept action recomputes what the page showed.
  expect(suggestNextSeason(plan, library)).toEqual(next);
});

test("any plan of any box: the suggestion never repeats a family in a square", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let run = 0; run < 300; run++) {
    const boxSize = BOX_SIZES[run % BOX_SIZES.length]!;
    const plan = emptyPlan(boxSize);
    plan.squares = plan.squares.map(() =>
      random() < 0.75
        ? [library[Math.floor(random() * library.length)]!.id].concat(
            random() < 0.2 ? [library[Math.floor(random() * library.length)]!.id] : [],
          )
        : [],
    );
    const next = suggestNextSeason(plan, library);
    expect(warningsOf(next, boxSize)).toEqual([]);
    // Whatever isn't placed is named as left out; nothing else disappears or appears.
    const placed = next.squares.flat();
    for (const id of plan.squares.flat())
      expect(placed.includes(id) || next.leftOut.includes(id)).toBe(true);
    expect(placed.every((id) => plan.squares.flat().includes(id))).toBe(true);
  }
});

test("a box of one family: the plants that can't move to a fresh square are left out, named", () => {
  const plan = emptyPlan("0.5m2");
  plan.squares = [["broccoli"], ["cabbage"], ["kale"], ["cauliflower"], ["bok-choy"], []];
  const next = suggestNextSeason(plan, library);
  expect(warningsOf(next, "0.5m2")).toEqual([]);
  // Only the empty square had no brassica this season: one of them goes there.
  expect(next.squares.filter((s) => s.length > 0)).toHaveLength(1);
  expect(next.squares[5]).toHaveLength(1);
  expect(next.leftOut).toHaveLength(4);
});

test("an empty plan suggests an empty plan", () => {
  const next = suggestNextSeason(emptyPlan("2m2"), library);
  expect(next.squares.every((s) => s.length === 0)).toBe(true);
  expect(next.leftOut).toEqual([]);
});

test("the season ends at the town's first frost (1 May where frosts are rare) until 1 July", () => {
  const christchurch = { lastFrost: "10-25", firstFrost: "04-10" };
  expect(seasonHasEnded("2027-04-09", christchurch)).toBe(false);
  expect(seasonHasEnded("2027-04-10", christchurch)).toBe(true);
  expect(seasonHasEnded("2027-06-30", christchurch)).toBe(true);
  expect(seasonHasEnded("2027-07-01", christchurch)).toBe(false);
  expect(seasonHasEnded("2026-12-01", christchurch)).toBe(false);
  expect(seasonHasEnded("2027-04-30", null)).toBe(false);
  expect(seasonHasEnded("2027-05-01", null)).toBe(true);
  expect(seasonHasEnded("2027-05-01", { lastFrost: null, firstFrost: null })).toBe(true);
});
