// The example layouts (/education/layouts) as starting points for the editor (issue 23): each
// plan's spring-and-summer and autumn-and-winter boxes, square by square, as plant ids.
import { listPlantingLayouts } from "#app/modules/guidance/planting-layouts.ts";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import type { BoxSize, GardenPlan } from "./garden.schema.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

export interface GardenTemplate {
  id: string;
  title: string;
  plan: GardenPlan;
}

export function listGardenTemplates(): GardenTemplate[] {
  const byName = new Map(loadPlantLibrary().map((p) => [p.name, p.id]));
  const idOf = (name: string) => {
    const id = byName.get(name);
    if (!id) throw new Error(`${name} is in a layout but not in the plant library`);
    return id;
  };
  return listPlantingLayouts().flatMap((layout) =>
    layout.seasons.map((season) => ({
      id: `${layout.planId}-${season.id}`,
      title: `${layout.size} box, ${season.title.charAt(0).toLowerCase()}${season.title.slice(1)}`,
      plan: {
        boxSize: layout.planId as BoxSize,
        squares: season.rows.flat().map((square) => square.map((p) => idOf(p.name))),
      },
    })),
  );
}

/** The varieties a box's plan brings, as plant ids: the editor lists them first. */
export function planPlantIds(boxSize: BoxSize): string[] {
  const byName = new Map(loadPlantLibrary().map((p) => [p.name, p.id]));
  return (findPlan(boxSize)?.detailedFeatures.plants ?? []).flatMap((n) => byName.get(n) ?? []);
}
