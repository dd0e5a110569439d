// Where a member grows: their town from the table, their region's main town, or the climate zone;
// and content/towns.json itself (every region covered, one main town each, sourced).
import { expect, test } from "vitest";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { findGrowingPlace } from "./find-growing-place.server.ts";
import { loadTowns } from "./towns.server.ts";
import { townSchema } from "./towns.schema.ts";

test("the town table covers all 16 regions with 40 or more towns and one main town each", () => {
  const towns = loadTowns();
  expect(towns.length).toBeGreaterThanOrEqual(40);
  for (const region of NZ_REGIONS) {
    const inRegion = towns.filter((t) => t.region === region);
    expect(inRegion.length, region).toBeGreaterThan(0);
    expect(inRegion.filter((t) => t.main).length, region).toBe(1);
  }
  for (const town of towns) {
    expect(town.sources.length, town.name).toBeGreaterThan(0);
    // The last spring frost falls in winter or spring, the first autumn one in late summer to winter.
    if (town.lastFrost) expect(town.lastFrost >= "07-01", town.name).toBe(true);
    if (town.firstFrost) expect(town.firstFrost <= "06-30", town.name).toBe(true);
  }
});

test("a town with one frost date and not the other is refused", () => {
  const [town] = loadTowns();
  const result = townSchema.safeParse({ ...town, lastFrost: "10-10", firstFrost: null });
  expect(result.error?.issues[0]?.message).toBe(
    "needs both frost dates, or neither where frosts are rare",
  );
  expect(townSchema.safeParse({ ...town, lastFrost: "02-30", firstFrost: "04-01" }).success).toBe(
    false,
  );
});

test("the member's own town gives its frost dates and says where they come from", () => {
  const place = findGrowingPlace({ city: "christchurch", region: "Canterbury" });
  expect(place.basis).toBe("town");
  expect(place.town?.name).toBe("Christchurch");
  expect(place.zone.id).toBe("cool-south");
  expect(place.frost).toEqual({ lastFrost: "10-25", firstFrost: "04-10" });
  expect(place.why).toMatch(
    /^In Christchurch the last spring frost comes on average about 25 October and the first autumn frost about 10 April, with about 40 frosts a year\. From NIWA, The climate and weather of Canterbury/,
  );
});

test("macrons and case don't matter: 'Whangarei' is Whangārei, where frosts are rare", () => {
  const place = findGrowingPlace({ city: " WHANGAREI ", region: "Northland" });
  expect(place.town?.name).toBe("Whangārei");
  expect(place.frost).toEqual({ lastFrost: null, firstFrost: null });
  expect(place.why).toMatch(/^Frosts are rare in Whangārei/);
});

test("a town not in the table falls back to its region's main town", () => {
  const place = findGrowingPlace({ city: "Mosgiel", region: "Otago" });
  expect(place.basis).toBe("region");
  expect(place.town?.name).toBe("Dunedin");
  expect(place.why).toMatch(
    /^We don't have figures for Mosgiel yet, so we use Dunedin, the main town of Otago\./,
  );
});

test("no town or region: the climate zone only, and how to do better", () => {
  const place = findGrowingPlace({ city: null, region: "Atlantis" });
  expect(place).toMatchObject({ basis: "zone", town: null, frost: null });
  expect(place.zone.id).toBe("temperate");
  expect(place.why).toMatch(/^Add your town and region to your address/);
});
