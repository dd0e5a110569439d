// Where a member grows (issue 23): their address's town if the town table has it, else their
// region's main town, else only the climate zone. Says which, and why, so the profile can show
// 'why these dates'.
import { isNzRegion, type NzRegion } from "#app/lib/nz-regions.ts";
import { z } from "#app/lib/zod.ts";
import { climateZoneForRegion, type ClimateZone } from "#app/modules/guidance/climate-zones.ts";
import { readableDay, type FrostDates } from "./garden-rules.ts";
import { loadTowns, placeKey } from "./towns.server.ts";
import type { Town } from "./towns.schema.ts";

export const growingPlaceInput = z.object({
  city: z.string().trim().max(100).nullish(),
  region: z.string().trim().max(100).nullish(),
});

export interface GrowingPlace {
  /** town: the member's own town; region: their region's main town; zone: neither is known. */
  basis: "town" | "region" | "zone";
  town: Town | null;
  zone: ClimateZone;
  frost: FrostDates | null;
  /** One or two sentences: where the dates come from. */
  why: string;
}

function frostSentence(town: Town): string {
  if (!town.lastFrost || !town.firstFrost) {
    return `Frosts are rare in ${town.name} (about ${town.frostDaysPerYear} a year), so frost-tender plants can go in as soon as the soil is warm.`;
  }
  return `In ${town.name} the last spring frost comes on average about ${readableDay(town.lastFrost)} and the first autumn frost about ${readableDay(town.firstFrost)}, with about ${town.frostDaysPerYear} frosts a year.`;
}

function sourceSentence(town: Town): string {
  return `From ${town.sources.map((s) => s.name).join("; ")}.`;
}

export function findGrowingPlace(input: z.input<typeof growingPlaceInput>): GrowingPlace {
  const { city, region } = growingPlaceInput.parse(input);
  const towns = loadTowns();
  const known: NzRegion | undefined = isNzRegion(region) ? region : undefined;
  const own = city ? towns.find((t) => placeKey(t.name) === placeKey(city)) : undefined;
  if (own) {
    return {
      basis: "town",
      town: own,
      zone: climateZoneForRegion(own.region),
      frost: { lastFrost: own.lastFrost, firstFrost: own.firstFrost },
      why: `${frostSentence(own)} ${sourceSentence(own)}`,
    };
  }
  const main = known ? towns.find((t) => t.region === known && t.main) : undefined;
  if (known && main) {
    const instead = city ? `We don't have figures for ${city} yet, so we use` : "We use";
    return {
      basis: "region",
      town: main,
      zone: climateZoneForRegion(known),
      frost: { lastFrost: main.lastFrost, firstFrost: main.firstFrost },
      why: `${instead} ${main.name}, the main town of ${known}. ${frostSentence(main)} Inland and higher gardens usually get frosts later in spring and earlier in autumn. ${sourceSentence(main)}`,
    };
  }
  const zone = climateZoneForRegion(known ?? "Wellington");
  return {
    basis: "zone",
    town: null,
    zone,
    frost: null,
    why: `Add your town and region to your address and we'll use their frost dates. Until then, planting times follow the ${zone.name.toLowerCase()} calendar of our monthly guides.`,
  };
}
