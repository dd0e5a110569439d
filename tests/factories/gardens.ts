// Saved garden plans as the tests need them: a member's plan saved through the real use-case, then
// dated to a day of the test's choosing (the schedule dates open windows from the save, ADR 039).
import { eq } from "drizzle-orm";
import { gardens } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { emptyPlan, type BoxSize } from "#app/modules/garden/garden.schema.ts";
import { saveGarden } from "#app/modules/garden/save-garden.server.ts";

/** Saves `plants` one a square from the north-west corner, as if saved at `savedAt`. */
export async function insertSavedGarden(
  userId: string,
  plants: readonly string[],
  {
    boxSize = "1m2",
    savedAt = new Date("2026-08-20T02:00:00Z"),
  }: {
    boxSize?: BoxSize;
    savedAt?: Date;
  } = {},
): Promise<void> {
  const plan = emptyPlan(boxSize);
  plants.forEach((id, square) => (plan.squares[square] = [id]));
  const saved = await saveGarden({ userId, plan });
  if (!saved.ok) throw new Error(saved.message);
  await db().update(gardens).set({ updatedAt: savedAt }).where(eq(gardens.userId, userId));
}
