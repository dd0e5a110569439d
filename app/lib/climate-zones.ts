// The three growing climates our monthly guides are written for, and which of New Zealand's 16
// regions (SPEC §3) fall in each. Frost dates and soil warmth, not lines on a map, decide when to
// sow; a region spans more than one climate in places, so each maps to where most people garden.
import { NZ_REGIONS, type NzRegion } from "#app/lib/nz-regions.ts";

export type ClimateZoneId = "warm-north" | "temperate" | "cool-south";

export interface ClimateZone {
  id: ClimateZoneId;
  name: string;
  /** The heading of this zone's list under "What to sow and plant" in every monthly guide. */
  guideHeading: string;
  regions: NzRegion[];
}

const warmNorth: NzRegion[] = ["Northland", "Auckland", "Bay of Plenty", "Gisborne"];
const coolSouth: NzRegion[] = ["Canterbury", "Otago", "Southland"];

export const CLIMATE_ZONES: readonly ClimateZone[] = [
  { id: "warm-north", name: "Warm north", guideHeading: "Warm north", regions: warmNorth },
  {
    id: "temperate",
    name: "Temperate",
    guideHeading: "Temperate",
    regions: NZ_REGIONS.filter((r) => !warmNorth.includes(r) && !coolSouth.includes(r)),
  },
  {
    id: "cool-south",
    name: "Cool south and inland",
    guideHeading: "Cool south and inland",
    regions: coolSouth,
  },
];

export function climateZone(id: ClimateZoneId): ClimateZone {
  const zone = CLIMATE_ZONES.find((z) => z.id === id);
  if (!zone) throw new RangeError(`Unknown climate zone ${id}`);
  return zone;
}

/** The climate zone whose planting times suit a region. */
export function climateZoneForRegion(region: NzRegion): ClimateZone {
  return CLIMATE_ZONES.find((z) => z.regions.includes(region)) ?? climateZone("temperate");
}

export function climateZoneForGuideHeading(heading: string): ClimateZone | undefined {
  return CLIMATE_ZONES.find((z) => z.guideHeading.toLowerCase() === heading.trim().toLowerCase());
}
