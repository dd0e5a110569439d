// A member's saved garden plan (issue 23), or null if they haven't saved one; and the box size the
// editor starts with: the saved plan's, else their subscription's.
import { eq } from "drizzle-orm";
import { gardens } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { getMemberPlanId } from "#app/modules/subscriptions/get-member-plan.server.ts";
import { savedPlanOf, type BoxSize, type GardenPlan } from "./garden.schema.ts";

export async function getGarden(
  userId: string,
): Promise<{ plan: GardenPlan | null; boxSize: BoxSize | null }> {
  const [row] = await db().select().from(gardens).where(eq(gardens.userId, userId)).limit(1);
  const saved = row ? savedPlanOf(row) : null;
  if (saved) return { plan: saved, boxSize: saved.boxSize };
  return { plan: null, boxSize: await getMemberPlanId(userId) };
}
