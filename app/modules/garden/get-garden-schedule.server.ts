// A member's garden schedule (issue 23): their saved plan's plants and where they grow (their
// address's town and its frost dates, else the climate zone), made into dated jobs for a year.
import { eq } from "drizzle-orm";
import { gardens, profiles } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { z } from "#app/lib/zod.ts";
import {
  isoDate,
  todayInNewZealand,
  type CalendarDate,
} from "#app/modules/guidance/new-zealand-date.ts";
import { findGrowingPlace, type GrowingPlace } from "./find-growing-place.server.ts";
import { gardenPlanSchema } from "./garden.schema.ts";
import { gardenSchedule, plantedIds, type ScheduleTask } from "./garden-schedule.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";
import type { Plant } from "./plant-library.schema.ts";

const input = z.object({
  userId: z.string().min(1),
  /** New Zealand's today unless a test or a dispatch run says otherwise. */
  today: z.custom<CalendarDate>().optional(),
});

export type GardenScheduleResult =
  | { kind: "no-plan" }
  | { kind: "nothing-planted"; place: GrowingPlace }
  | {
      kind: "schedule";
      place: GrowingPlace;
      /** When the plan was last saved (New Zealand date): windows open then started that day. */
      plannedOn: string;
      /** The planted plants' names, in the order they were placed. */
      plants: string[];
      tasks: ScheduleTask[];
    };

/** A saved garden's row as getGardenSchedule reads it (the plan, when saved, the address). */
export interface SavedGardenRow {
  boxSize: string;
  squares: unknown;
  updatedAt: Date;
  address: { city?: string; region?: string; state?: string } | null;
}

/**
 * One saved garden's schedule from its row and a library: what getGardenSchedule answers, and
 * what a run over every garden (after a library edit, bench/garden-schedule.ts) does batch by batch.
 */
export function scheduleOfSaved(
  row: SavedGardenRow,
  library: ReadonlyMap<string, Plant>,
  today: CalendarDate,
): GardenScheduleResult {
  const plan = gardenPlanSchema.safeParse(row);
  if (!plan.success) return { kind: "no-plan" };
  const address = row.address ?? {};
  const place = findGrowingPlace({
    city: address.city,
    region: address.region ?? address.state,
  });
  const plants = plantedIds(plan.data.squares).flatMap((id) => library.get(id) ?? []);
  if (plants.length === 0) return { kind: "nothing-planted", place };
  const plannedOn = todayInNewZealand(row.updatedAt);
  return {
    kind: "schedule",
    place,
    plannedOn: isoDate(plannedOn),
    plants: plants.map((p) => p.name),
    tasks: gardenSchedule({ plants, zone: place.zone.id, frost: place.frost, today, plannedOn }),
  };
}

/** The columns a saved garden's schedule is made from (getGardenSchedule, and runs over many). */
export const savedGardenColumns = {
  boxSize: gardens.boxSize,
  squares: gardens.squares,
  updatedAt: gardens.updatedAt,
  address: profiles.address,
};

export async function getGardenSchedule(
  options: z.input<typeof input>,
): Promise<GardenScheduleResult> {
  const { userId, today = todayInNewZealand() } = input.parse(options);
  const [row] = await db()
    .select(savedGardenColumns)
    .from(gardens)
    .leftJoin(profiles, eq(profiles.id, gardens.userId))
    .where(eq(gardens.userId, userId))
    .limit(1);
  if (!row) return { kind: "no-plan" };
  return scheduleOfSaved(row, new Map(loadPlantLibrary().map((p) => [p.id, p])), today);
}
