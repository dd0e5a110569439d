import { expect, test } from "vitest";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import {
  CLIMATE_ZONES,
  climateZoneForGuideHeading,
  climateZoneForRegion,
} from "./climate-zones.ts";

test("the warm north, the cool south, and everywhere else temperate", () => {
  const zoneOf = (region: (typeof NZ_REGIONS)[number]) => climateZoneForRegion(region).id;
  for (const r of ["Northland", "Auckland", "Bay of Plenty", "Gisborne"] as const) {
    expect(zoneOf(r), r).toBe("warm-north");
  }
  for (const r of ["Canterbury", "Otago", "Southland"] as const) {
    expect(zoneOf(r), r).toBe("cool-south");
  }
  for (const r of [
    "Hawke's Bay",
    "Manawatu-Wanganui",
    "Marlborough",
    "Nelson",
    "Taranaki",
    "Tasman",
    "Waikato",
    "Wellington",
    "West Coast",
  ] as const) {
    expect(zoneOf(r), r).toBe("temperate");
  }
});

test("every one of the 16 regions is in exactly one zone", () => {
  const listed = CLIMATE_ZONES.flatMap((z) => z.regions);
  expect(listed).toHaveLength(16);
  expect([...listed].sort()).toEqual([...NZ_REGIONS].sort());
});

test("the monthly guides' zone headings are recognised", () => {
  expect(climateZoneForGuideHeading("Warm north")?.id).toBe("warm-north");
  expect(climateZoneForGuideHeading("Temperate ")?.id).toBe("temperate");
  expect(climateZoneForGuideHeading("Cool south and inland")?.id).toBe("cool-south");
  expect(climateZoneForGuideHeading("Tasks this month")).toBeUndefined();
});
