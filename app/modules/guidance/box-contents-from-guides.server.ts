// Each month's subscription box, as the monthly guides say (issue 21): what a guide tells each
// climate zone to plant now becomes seedlings, what it says to sow becomes seed packets, and each
// plan takes as many as its bed holds. The demo data seeds the box contents table from this; admins
// edit the table afterwards at /admin/boxes.
import { CLIMATE_ZONES, type ClimateZoneId } from "#app/lib/climate-zones.ts";
import {
  CROPS,
  seedlingOf,
  seedsOf,
  SUPPLIES,
  type CatalogueItem,
} from "#app/modules/subscriptions/box-item-catalogue.ts";
import type { PlanId } from "#app/modules/subscriptions/plans.ts";
import { MONTH_IDS } from "./guidance-content.ts";
import { loadMonthlyFile } from "./load-content.server.ts";

export interface SeedContentRow {
  month: number;
  zone: ClimateZoneId;
  plan: PlanId;
  itemId: string;
  quantity: number;
  position: number;
}

/** How many growing items (seedlings and seed packets) each plan's box holds, and how many of each. */
interface PlanShape {
  growing: number;
  quantity: number;
  supplies: number;
}
const PLAN_SHAPE: Record<PlanId, PlanShape> = {
  "0.5m2": { growing: 3, quantity: 1, supplies: 1 },
  "1m2": { growing: 5, quantity: 1, supplies: 2 },
  "2m2": { growing: 8, quantity: 2, supplies: 3 },
};

/** "Plant tomatoes, capsicums…" → seedlings; "Sow carrots…" (and "Sow or plant…") → seeds. */
export function itemsInGuideLine(line: string): CatalogueItem[] {
  const text = line.trim().toLowerCase();
  const make = text.startsWith("sow") ? seedsOf : text.startsWith("plant") ? seedlingOf : null;
  if (!make) return [];
  return CROPS.map((crop) => ({ crop, at: text.search(crop.words) }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((m) => make(m.crop));
}

/** The growing items a guide names for a zone, in the guide's order, each once. */
export function growingItemsFor(lines: readonly string[]): CatalogueItem[] {
  const seen = new Map<string, CatalogueItem>();
  for (const line of lines)
    for (const item of itemsInGuideLine(line)) if (!seen.has(item.id)) seen.set(item.id, item);
  return [...seen.values()];
}

/** Every month × zone × plan's contents, from the twelve guides. */
export function boxContentsFromGuides(): SeedContentRow[] {
  const rows: SeedContentRow[] = [];
  for (const id of MONTH_IDS) {
    const guide = loadMonthlyFile(id);
    if (!guide) continue;
    const month = guide.frontMatter.month;
    for (const zone of CLIMATE_ZONES) {
      const growing = growingItemsFor(guide.sections.sowAndPlant[zone.id]);
      for (const [plan, shape] of Object.entries(PLAN_SHAPE) as [PlanId, PlanShape][]) {
        const chosen = growing.slice(0, shape.growing);
        const lines = [
          ...chosen.map((item) => ({ item, quantity: shape.quantity })),
          ...SUPPLIES.slice(0, shape.supplies).map((item) => ({ item, quantity: 1 })),
        ];
        lines.forEach(({ item, quantity }, position) =>
          rows.push({ month, zone: zone.id, plan, itemId: item.id, quantity, position }),
        );
      }
    }
  }
  return rows;
}
