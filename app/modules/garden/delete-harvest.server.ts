// Deletes one picking from a member's own harvest log (issue 23, ADR 042). Another member's entry,
// or one that doesn't exist, is "not found" and nothing changes.
import { and, eq } from "drizzle-orm";
import { harvests } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import { HARVEST_MESSAGES } from "./harvest-log.ts";

export async function deleteHarvest({
  userId,
  harvestId,
}: {
  userId: string;
  harvestId: unknown;
}): Promise<Outcome> {
  const id = z.uuid().safeParse(harvestId);
  if (!id.success) return failure("not-found", HARVEST_MESSAGES.notFound);
  const deleted = await db()
    .delete(harvests)
    .where(and(eq(harvests.id, id.data), eq(harvests.userId, userId)))
    .returning({ id: harvests.id });
  if (deleted.length === 0) return failure("not-found", HARVEST_MESSAGES.notFound);
  return { ok: true, message: HARVEST_MESSAGES.deleted };
}
