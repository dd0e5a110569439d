// Saves a member's garden plan (issue 23) from /garden's action: the plan is parsed with the
// shared schema, and every plant must be in the library. One plan a member: saving replaces it.
import { gardens } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import { BOX_GRIDS, GARDEN_MESSAGES, gardenPlanSchema, type GardenPlan } from "./garden.schema.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

const input = z.object({ userId: z.string().min(1), plan: z.unknown() });

/** The plan as the form posts it: JSON in one field. */
export function readPlanField(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value.length > 20_000) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

export async function saveGarden(
  raw: z.input<typeof input>,
): Promise<Outcome<{ plan: GardenPlan }>> {
  const { userId, plan } = input.parse(raw);
  const parsed = gardenPlanSchema.safeParse(plan);
  if (!parsed.success) {
    return failure("invalid", parsed.error.issues[0]?.message ?? GARDEN_MESSAGES.squares);
  }
  const ids = new Set(loadPlantLibrary().map((p) => p.id));
  const named = [...parsed.data.squares, ...(parsed.data.lastSeason ?? [])];
  if (named.some((square) => square.some((id) => !ids.has(id)))) {
    return failure("invalid", GARDEN_MESSAGES.unknownPlant);
  }
  const { columns, rows } = BOX_GRIDS[parsed.data.boxSize];
  const values = {
    boxSize: parsed.data.boxSize,
    columns,
    rows,
    squares: parsed.data.squares,
    lastSeason: parsed.data.lastSeason ?? null,
  };
  await db()
    .insert(gardens)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: gardens.userId, set: { ...values, updatedAt: new Date() } });
  return { ok: true, plan: parsed.data };
}
