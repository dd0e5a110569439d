// Whether a box item is in season for a month in a climate zone (issue 39: swaps suit the month),
// from the plant library's New Zealand months (southern hemisphere: December is summer): a seed
// packet when its crop may be sown then (indoors or direct), seedlings when they may be planted
// out then. Supplies (compost, fertiliser, labels) suit every month. An item the library doesn't
// know (one an admin added later) is never offered as a swap: we can't say it suits the month.
import type { ClimateZoneId } from "#app/lib/climate-zones.ts";
import { BOX_SEEDLING_PLANTS } from "./box-seedlings.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

/** The library plant a box item grows: `seedling-{crop}` and `seed-{crop}` are the same crop. */
function plantOf(itemId: string): string | undefined {
  if (itemId.startsWith("seedling-")) return BOX_SEEDLING_PLANTS[itemId];
  if (itemId.startsWith("seed-")) return BOX_SEEDLING_PLANTS[`seedling-${itemId.slice(5)}`];
  return undefined;
}

export function boxItemInSeason(itemId: string, month: number, zone: ClimateZoneId): boolean {
  if (itemId.startsWith("supply-")) return true;
  const plantId = plantOf(itemId);
  const plant = plantId ? loadPlantLibrary().find((p) => p.id === plantId) : undefined;
  if (!plant) return false;
  const months = plant.months[zone];
  if (itemId.startsWith("seedling-")) return months.transplant.includes(month);
  return months.sowIndoors.includes(month) || months.sowDirect.includes(month);
}
