// The garden editor's plan, outside React: where a visitor's plan is kept in this browser, how a
// square is named and described, a plan moved to another box size, and the warnings a plan has
// (poor neighbours, a family back in last season's square, planting out of season).
import {
  countsInSquare,
  neighbourWarnings,
  rotationWarnings,
  seasonProblem,
  type FrostDates,
} from "./garden-rules.ts";
import {
  BOX_GRIDS,
  emptyPlan,
  gardenPlanSchema,
  type BoxSize,
  type GardenPlan,
} from "./garden.schema.ts";
import type { ClimateZoneKey, Plant } from "./plant-library.schema.ts";

/** The library as the editor needs it: no sources or how-to text. */
export type EditorPlant = Omit<Plant, "sources" | "howTo">;

export const LOCAL_GARDEN_KEY = "patch-garden-plan";

export function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

export function readStoredPlan(): string | null {
  try {
    return localStorage.getItem(LOCAL_GARDEN_KEY);
  } catch {
    return null;
  }
}

export function parseStoredPlan(stored: string | null): GardenPlan | null {
  if (!stored) return null;
  try {
    const parsed = gardenPlanSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The name without its variety or note, to fit a square on a phone: "Cherry tomato". */
export function shortName(name: string): string {
  return name.replace(/ \(.*\)$/, "").replace(/ '.*'$/, "");
}

export function squareName(index: number, columns: number): string {
  return `row ${Math.floor(index / columns) + 1}, square ${(index % columns) + 1}`;
}

/** A square as a screen reader hears it: where it is, then how many of what grow there. */
export function describeSquare(
  index: number,
  squares: string[][],
  columns: number,
  byId: Map<string, EditorPlant>,
): string {
  const plants = (squares[index] ?? []).flatMap((id) => byId.get(id) ?? []) as Plant[];
  if (plants.length === 0) return `${squareName(index, columns)}, empty`;
  const counts = countsInSquare(plants);
  const what = plants.map((p, i) => `${counts[i]!.count} ${p.name}`).join(" and ");
  return `${squareName(index, columns)}: ${what}`;
}

export function resize(plan: GardenPlan, boxSize: BoxSize): GardenPlan {
  const from = BOX_GRIDS[plan.boxSize];
  const to = BOX_GRIDS[boxSize];
  const move = (squares: string[][]) => {
    const moved = emptyPlan(boxSize).squares;
    for (let r = 0; r < Math.min(from.rows, to.rows); r++) {
      for (let c = 0; c < Math.min(from.columns, to.columns); c++) {
        moved[r * to.columns + c] = [...(squares[r * from.columns + c] ?? [])];
      }
    }
    return moved;
  };
  return {
    boxSize,
    squares: move(plan.squares),
    ...(plan.lastSeason ? { lastSeason: move(plan.lastSeason) } : {}),
  };
}

export interface PlanWarning {
  key: string;
  message: string;
  squares: number[];
}

/** Every warning the plan has: poor neighbours, rotation, then each plant out of season once. */
export function planWarnings(
  plan: GardenPlan,
  library: EditorPlant[],
  byId: Map<string, EditorPlant>,
  season: { zone: ClimateZoneKey; today: string; frost: FrostDates | null },
): PlanWarning[] {
  const grid = BOX_GRIDS[plan.boxSize];
  const full = library as Plant[];
  const neighbours = neighbourWarnings({ ...grid, squares: plan.squares }, full);
  const rotation = rotationWarnings({ ...grid, squares: plan.squares }, plan.lastSeason, full);
  const seasonal = new Map<string, { message: string; squares: number[] }>();
  plan.squares.forEach((ids, square) => {
    for (const id of ids) {
      const plant = byId.get(id) as Plant | undefined;
      if (!plant) continue;
      const problem = seasonProblem({
        plant,
        zone: season.zone,
        date: season.today,
        frost: season.frost ?? undefined,
      });
      if (!problem) continue;
      const entry = seasonal.get(id) ?? { message: problem, squares: [] };
      entry.squares.push(square);
      seasonal.set(id, entry);
    }
  });
  return [
    ...neighbours.map((w) => ({ key: `n-${w.squares.join("-")}-${w.plants.join("-")}`, ...w })),
    ...rotation.map((w) => ({ key: `r-${w.squares[0]}-${w.plants[0]}`, ...w })),
    ...[...seasonal].map(([id, w]) => ({
      key: `s-${id}`,
      message: w.message,
      squares: w.squares,
    })),
  ];
}
