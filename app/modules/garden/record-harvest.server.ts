// Records a picking in a member's harvest log (issue 23, ADR 042) from /garden's form: checked by
// `harvestFormSchema` against the plant library and today's New Zealand date.
import { harvests } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { HARVEST_MESSAGES, harvestFormSchema } from "./harvest-log.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

export async function recordHarvest({
  userId,
  form,
  today,
}: {
  userId: string;
  /** The form's fields as posted. */
  form: Record<string, unknown>;
  /** Today in New Zealand, as YYYY-MM-DD. */
  today: string;
}): Promise<Outcome<{ id: string }>> {
  const ids = new Set(loadPlantLibrary().map((p) => p.id));
  const parsed = harvestFormSchema(ids, today).safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return failure("invalid", Object.values(errors)[0] ?? HARVEST_MESSAGES.plant, {
      fieldErrors: errors,
    });
  }
  const [row] = await db()
    .insert(harvests)
    .values({ userId, ...parsed.data })
    .returning({ id: harvests.id });
  return { ok: true, id: row!.id, message: HARVEST_MESSAGES.recorded };
}
