// A box that follows the member's accepted garden plan (issue 23, ADR 045). The contents table
// gives each month, zone and plan its lines; a seed or seedling line for a crop the plan doesn't
// grow is swapped for one it does, of the same kind and size class (so the same price and the
// same room in the box), from what the table sends that month to that zone in any plan (so only
// what is in season and stocked). Lines the plan grows, supplies, and lines with no such
// alternative stay as they are. Pure, so the box and its tests agree.
import type { BoxLine } from "#db/schema/index.ts";

export function followGardenPlan(
  lines: readonly BoxLine[],
  wanted: ReadonlySet<string>,
  inSeason: readonly BoxLine[],
): BoxLine[] {
  if (wanted.size === 0) return [...lines];
  const inBox = new Set(lines.map((l) => l.itemId));
  return lines.map((line) => {
    if (line.kind === "supply" || wanted.has(line.itemId)) return line;
    const instead = inSeason.find(
      (c) =>
        wanted.has(c.itemId) &&
        !inBox.has(c.itemId) &&
        c.kind === line.kind &&
        c.sizeClass === line.sizeClass,
    );
    if (!instead) return line;
    inBox.add(instead.itemId);
    return { ...instead, quantity: line.quantity };
  });
}
