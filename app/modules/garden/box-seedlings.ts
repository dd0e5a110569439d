// Which plant in the library a box's seedlings are (issue 23, ADR 042), and where in the member's
// plan each would go: pure, so the page, the use-case that places them and the tests agree.
import type { GardenPlan } from "./garden.schema.ts";

/**
 * Box seedling item ids (app/modules/subscriptions/box-item-catalogue.ts, `seedling-{crop}`) to
 * plant library ids, written out because the catalogue's crops are broader than the library's
 * varieties: "lettuce" is sent as buttercrunch, "parsley" is Italian parsley. A crop the library
 * doesn't have (or an item an admin adds later) maps to nothing and isn't offered for the plan.
 */
export const BOX_SEEDLING_PLANTS: Readonly<Record<string, string>> = {
  "seedling-tomato": "tomato",
  "seedling-capsicum": "capsicum",
  "seedling-chilli": "chilli",
  "seedling-eggplant": "eggplant",
  "seedling-courgette": "courgette",
  "seedling-cucumber": "cucumber",
  "seedling-pumpkin": "buttercup-pumpkin",
  "seedling-melon": "rockmelon",
  "seedling-sweetcorn": "sweetcorn",
  "seedling-kumara": "kumara",
  "seedling-potato": "potato",
  "seedling-broccoli": "broccoli",
  "seedling-cabbage": "cabbage",
  "seedling-cauliflower": "cauliflower",
  "seedling-kale": "kale",
  "seedling-broad-beans": "broad-beans",
  "seedling-climbing-beans": "climbing-beans",
  "seedling-dwarf-beans": "dwarf-beans",
  "seedling-peas": "garden-peas",
  "seedling-lettuce": "buttercrunch-lettuce",
  "seedling-spinach": "baby-spinach",
  "seedling-silverbeet": "silverbeet",
  "seedling-rocket": "rocket",
  "seedling-bok-choy": "bok-choy",
  "seedling-radish": "radish",
  "seedling-carrot": "carrot",
  "seedling-beetroot": "beetroot",
  "seedling-spring-onion": "spring-onion",
  "seedling-onion": "red-onion",
  "seedling-leek": "leek",
  "seedling-basil": "sweet-basil",
  "seedling-coriander": "coriander",
  "seedling-parsley": "italian-parsley",
  "seedling-strawberry": "strawberry",
};

/** The library plants a box's lines hold as seedlings, once each, in the box's order. */
export function boxSeedlingPlants(
  items: readonly { itemId: string; kind: string }[],
  libraryIds: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.kind !== "seedling") continue;
    const plantId = BOX_SEEDLING_PLANTS[item.itemId];
    if (plantId && libraryIds.has(plantId) && !out.includes(plantId)) out.push(plantId);
  }
  return out;
}

export interface SeedlingSuggestion {
  plantId: string;
  /** The square (row by row from the north-west corner) it would go in; null: make room. */
  square: number | null;
}

/** Each plant gets the next empty square of the plan, in order; when none is left, null. */
export function suggestSquares(
  plan: Pick<GardenPlan, "squares">,
  plantIds: readonly string[],
): SeedlingSuggestion[] {
  const empty = plan.squares.flatMap((square, i) => (square.length === 0 ? [i] : []));
  return plantIds.map((plantId, i) => ({ plantId, square: empty[i] ?? null }));
}

/** The plan with each suggestion that has a square placed in it (a new plan; the old is kept). */
export function placeSuggestions(plan: GardenPlan, suggestions: readonly SeedlingSuggestion[]) {
  const squares = plan.squares.map((s) => [...s]);
  for (const { plantId, square } of suggestions) if (square !== null) squares[square] = [plantId];
  return { ...plan, squares };
}

/** "Row 2, square 3" for a square of a grid so many columns wide. */
export function squareName(square: number, columns: number): string {
  return `row ${Math.floor(square / columns) + 1}, square ${(square % columns) + 1}`;
}
