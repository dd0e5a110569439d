// The plant library in content/plants: every file passes its schema (each fact backed by a
// source), companions name plants that exist, and every plant a plan, an example layout or a
// monthly guide's "What to sow and plant" list names is in the library.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { CLIMATE_ZONES } from "#app/modules/guidance/climate-zones.ts";
import { MONTH_IDS } from "#app/modules/guidance/guidance-content.ts";
import { loadMonthlyFile } from "#app/modules/guidance/load-content.server.ts";
import { listPlantingLayouts } from "#app/modules/guidance/planting-layouts.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { plantsNamedIn } from "./garden-rules.ts";
import { CLIMATE_ZONE_IDS, PLANT_FACTS, plantSchema } from "./plant-library.schema.ts";
import { loadPlantLibrary, setPlantLibraryRoot } from "./plant-library.server.ts";

const contentRoot = path.resolve(import.meta.dirname, "../../../content/plants");
afterEach(() => setPlantLibraryRoot(contentRoot));

test("the library holds about 60 plants, each passing the schema with every fact sourced", () => {
  const library = loadPlantLibrary();
  expect(library.length).toBeGreaterThanOrEqual(55);
  for (const plant of library) {
    const facts = new Set(plant.sources.flatMap((s) => s.supports));
    expect([...facts].sort(), plant.id).toEqual([...PLANT_FACTS].sort());
    for (const source of plant.sources) expect(source.url, plant.id).toMatch(/^https:\/\//);
  }
});

test("the climate zones of the library are the guides' three zones", () => {
  expect([...CLIMATE_ZONE_IDS].sort()).toEqual(CLIMATE_ZONES.map((z) => z.id).sort());
});

test("every plant can go in the box at some time of year in the temperate zone", () => {
  for (const plant of loadPlantLibrary()) {
    const t = plant.months.temperate;
    expect(t.sowDirect.length + t.transplant.length, plant.id).toBeGreaterThan(0);
    // Raised indoors means planted out later.
    if (t.sowIndoors.length > 0) expect(t.transplant.length, plant.id).toBeGreaterThan(0);
  }
});

test("'avoid near' and companions go both ways and never contradict", () => {
  const library = loadPlantLibrary();
  const byId = new Map(library.map((p) => [p.id, p]));
  for (const plant of library) {
    for (const other of plant.avoidNear) {
      expect(byId.get(other)?.avoidNear, `${other} avoids ${plant.id}`).toContain(plant.id);
    }
    for (const other of plant.companions) {
      expect(byId.get(other)?.companions, `${other} likes ${plant.id}`).toContain(plant.id);
    }
  }
});

test("every variety of every plan and example layout is in the library, with the layout's spacing", () => {
  const library = loadPlantLibrary();
  const byName = new Map(library.map((p) => [p.name, p]));
  for (const plan of plans) {
    for (const name of plan.detailedFeatures.plants) expect(byName.has(name), name).toBe(true);
  }
  for (const layout of listPlantingLayouts()) {
    for (const guide of [...layout.plants, ...layout.besideTheBox]) {
      expect(byName.get(guide.name)?.perSquare, guide.name).toBe(guide.perSquare);
    }
    for (const guide of layout.besideTheBox) {
      expect(byName.get(guide.name)?.besideTheBox, guide.name).toBe(true);
    }
  }
});

// Lines of the guides' lists that name no crop for a box: fruit trees and canes, microgreens on a
// windowsill, and advice to wait.
const NOT_A_BOX_CROP = /\b(fruit trees|microgreens|order seeds|hold off)\b/i;

test("every crop a monthly guide says to sow or plant is in the library", () => {
  const library = loadPlantLibrary();
  const missing: string[] = [];
  for (const id of MONTH_IDS) {
    const guide = loadMonthlyFile(id);
    if (!guide) throw new Error(`no guide for ${id}`);
    for (const [zone, items] of Object.entries(guide.sections.sowAndPlant)) {
      for (const item of items) {
        if (NOT_A_BOX_CROP.test(item)) continue;
        if (plantsNamedIn(item, library).length === 0) missing.push(`${id} ${zone}: ${item}`);
      }
    }
  }
  expect(missing).toEqual([]);
});

test("a plant file with an unsourced fact or a companion that doesn't exist stops the loader", () => {
  const lettuce = JSON.parse(readFileSync(path.join(contentRoot, "cos-lettuce.json"), "utf8"));
  expect(
    plantSchema.safeParse({
      ...lettuce,
      sources: [{ ...lettuce.sources[0], supports: ["months"] }],
    }).error?.issues[0]?.message,
  ).toMatch(/^no source supports /);

  const dir = mkdtempSync(path.join(tmpdir(), "plants-"));
  try {
    writeFileSync(
      path.join(dir, "cos-lettuce.json"),
      JSON.stringify({ ...lettuce, companions: ["triffid"], avoidNear: [] }),
    );
    setPlantLibraryRoot(dir);
    expect(() => loadPlantLibrary()).toThrow(
      "content/plants/cos-lettuce.json names triffid, which is not in the library",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
