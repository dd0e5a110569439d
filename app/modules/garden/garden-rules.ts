// The rules the garden editor checks a plan against (issue 23): how many of a plant fit a square,
// neighbours that grow poorly together ('avoid near'), and planting out of season for the
// member's climate and frost dates. Pure functions over the plant library, so the editor runs
// them in the browser on every change and the server runs the same ones when a plan is saved.
import type { ClimateZoneKey, Plant } from "./plant-library.schema.ts";
import { MONTH_NAMES } from "#app/lib/month-names.ts";

/** A square holds one crop, or two quick ones sharing it half and half (as the example layouts). */
export const MAX_PLANTS_PER_SQUARE = 2;

export interface PlantCount {
  id: string;
  count: number;
}

/** How many of each plant fit in a square they share: each takes an equal part, at least one. */
export function countsInSquare(plants: readonly Plant[]): PlantCount[] {
  return plants.map((p) => ({
    id: p.id,
    count: Math.max(1, Math.floor(p.perSquare / plants.length)),
  }));
}

export interface GardenGrid {
  columns: number;
  rows: number;
  /** Row by row from the north-west corner: the plant ids in each square. */
  squares: string[][];
}

export type GardenWarning =
  | { kind: "avoid-near"; squares: [number, number]; plants: [string, string]; message: string }
  | { kind: "out-of-season"; squares: number[]; plants: [string]; message: string }
  | { kind: "rotation"; squares: [number]; plants: [string, string]; message: string };

function byId(library: readonly Plant[]): Map<string, Plant> {
  return new Map(library.map((p) => [p.id, p]));
}

/** Do two plants grow poorly together? Either one saying so is enough. */
export function avoidEachOther(a: Plant, b: Plant): boolean {
  return a.avoidNear.includes(b.id) || b.avoidNear.includes(a.id);
}

export function areCompanions(a: Plant, b: Plant): boolean {
  return a.companions.includes(b.id) || b.companions.includes(a.id);
}

/** Square numbers next to this one (north, south, west, east), not diagonal. */
export function neighbours(grid: Pick<GardenGrid, "columns" | "rows">, square: number): number[] {
  const row = Math.floor(square / grid.columns);
  const column = square % grid.columns;
  const around: number[] = [];
  if (row > 0) around.push(square - grid.columns);
  if (row < grid.rows - 1) around.push(square + grid.columns);
  if (column > 0) around.push(square - 1);
  if (column < grid.columns - 1) around.push(square + 1);
  return around;
}

/** Plants in the same or touching squares that grow poorly together, each pair once. */
export function neighbourWarnings(grid: GardenGrid, library: readonly Plant[]): GardenWarning[] {
  const plants = byId(library);
  const warnings: GardenWarning[] = [];
  const seen = new Set<string>();
  grid.squares.forEach((ids, square) => {
    const near = [square, ...neighbours(grid, square).filter((n) => n > square)];
    for (const other of near) {
      for (const [i, a] of ids.entries()) {
        for (const [j, b] of (grid.squares[other] ?? []).entries()) {
          if (other === square && j <= i) continue;
          const pa = plants.get(a);
          const pb = plants.get(b);
          if (!pa || !pb || pa.id === pb.id || !avoidEachOther(pa, pb)) continue;
          const key = [square, other, ...[a, b].sort()].join("|");
          if (seen.has(key)) continue;
          seen.add(key);
          const where = other === square ? "share a square" : "are next to each other";
          warnings.push({
            kind: "avoid-near",
            squares: [square, other],
            plants: [a, b],
            message: `${pa.name} and ${pb.name} ${where}: they grow poorly together. Move one at least a square away.`,
          });
        }
      }
    }
  });
  return warnings;
}

/**
 * Rotation memory: a plant in the same family as one that grew in the same square last season.
 * Crops of one family share soil pests and diseases, so each family moves on every season.
 */
export function rotationWarnings(
  grid: GardenGrid,
  lastSeason: readonly string[][] | undefined,
  library: readonly Plant[],
): GardenWarning[] {
  if (!lastSeason) return [];
  const plants = byId(library);
  const warnings: GardenWarning[] = [];
  grid.squares.forEach((ids, square) => {
    for (const id of ids) {
      const plant = plants.get(id);
      const before = (lastSeason[square] ?? [])
        .map((other) => plants.get(other))
        .find((other) => other && plant && other.family.botanical === plant.family.botanical);
      if (!plant || !before) continue;
      const where = `row ${Math.floor(square / grid.columns) + 1}, square ${(square % grid.columns) + 1}`;
      const same =
        before.id === plant.id
          ? `${before.name} also grew`
          : `${before.name}, also in the ${plant.family.common}, grew`;
      warnings.push({
        kind: "rotation",
        squares: [square],
        plants: [plant.id, before.id],
        message: `${plant.name} in ${where}: ${same} there last season. Plant a different family there to keep soil pests and diseases down.`,
      });
    }
  });
  return warnings;
}

/** A town's average frost dates as month-day ("09-25"); null where frosts are rare. */
export interface FrostDates {
  lastFrost: string | null;
  firstFrost: string | null;
}

function monthList(ms: readonly number[]): string {
  const names = ms.map((m) => MONTH_NAMES[m - 1]!);
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** Month and day of a YYYY-MM-DD date, comparable as text with a FrostDates entry. */
function monthDay(date: string): string {
  return date.slice(5, 10);
}

function dayOfYear(md: string): number {
  const [m, d] = md.split("-").map(Number);
  return Math.round((Date.UTC(2001, m! - 1, d!) - Date.UTC(2001, 0, 1)) / 86_400_000);
}

export interface SeasonCheck {
  plant: Plant;
  zone: ClimateZoneKey;
  /** The day it goes in the box, YYYY-MM-DD (New Zealand date). */
  date: string;
  frost?: FrostDates;
}

/**
 * Why planting this now is out of season, or null when it is fine: outside the months the
 * library gives for the climate, or (frost-tender plants) before the town's average last frost
 * or too late to crop before its first.
 */
export function seasonProblem({ plant, zone, date, frost }: SeasonCheck): string | null {
  const windows = plant.months[zone];
  const plantable = [...new Set([...windows.sowDirect, ...windows.transplant])].sort(
    (a, b) => a - b,
  );
  if (plantable.length === 0) {
    return `${plant.name} isn't grown outdoors in this climate.`;
  }
  const month = Number(date.slice(5, 7));
  if (!plantable.includes(month)) {
    return `${plant.name} goes in the box in ${monthList(plantable)} here, not ${MONTH_NAMES[month - 1]}.`;
  }
  if (plant.frost === "tender" && frost) {
    const md = monthDay(date);
    // The growing season runs from the last spring frost (about September to November) to the
    // first autumn one (about March to May); July and August are the frosty side of the year.
    if (frost.lastFrost && md >= "07-01" && md < frost.lastFrost) {
      return `${plant.name} is frost-tender: wait until after the average last frost here, about ${readableDay(frost.lastFrost)}.`;
    }
    if (frost.firstFrost) {
      const start = dayOfYear(md);
      const end = dayOfYear(frost.firstFrost);
      const left = end >= start ? end - start : end + 365 - start;
      if (md < "07-01" && md <= frost.firstFrost && left < plant.daysToHarvest.min) {
        return `${plant.name} needs about ${plant.daysToHarvest.min} days to crop, and the first frost here comes about ${readableDay(frost.firstFrost)}.`;
      }
    }
  }
  return null;
}

/** "09-25" → "25 September". */
export function readableDay(md: string): string {
  const [m, d] = md.split("-").map(Number);
  return `${d} ${MONTH_NAMES[m! - 1]}`;
}

/**
 * The plants whose names (or other names, as whole words) a piece of text mentions. Longer names
 * win: "spring onions" is the spring onion, not also an onion.
 */
export function plantsNamedIn(text: string, library: readonly Plant[]): Plant[] {
  let rest = text.toLowerCase();
  const names = library
    .flatMap((plant) =>
      [plant.name, ...plant.otherNames].map((name) => ({ plant, name: name.toLowerCase() })),
    )
    .sort((a, b) => b.name.length - a.name.length);
  const found = new Set<Plant>();
  for (const { plant, name } of names) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(`(^|[^\\p{L}])${escaped}(?=$|[^\\p{L}])`, "gu");
    if (!pattern.test(rest)) continue;
    found.add(plant);
    rest = rest.replace(pattern, (_, before: string) => `${before}${" ".repeat(name.length)}`);
  }
  return library.filter((p) => found.has(p));
}
