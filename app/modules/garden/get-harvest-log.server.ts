// A member's harvest log for /garden (issue 23, ADR 042): their pickings newest first and this New
// Zealand growing season's summary by plant.
import { desc, eq } from "drizzle-orm";
import { harvests } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seasonSummary, type HarvestEntry } from "./harvest-log.ts";

/** How many pickings the page lists (the summary counts them all). */
export const HARVEST_LIST_LIMIT = 50;

export async function getHarvestLog({ userId, today }: { userId: string; today: string }) {
  const rows: HarvestEntry[] = await db()
    .select({
      id: harvests.id,
      plantId: harvests.plantId,
      pickedOn: harvests.pickedOn,
      amount: harvests.amount,
      grams: harvests.grams,
      note: harvests.note,
    })
    .from(harvests)
    .where(eq(harvests.userId, userId))
    .orderBy(desc(harvests.pickedOn), desc(harvests.createdAt), desc(harvests.id));
  return {
    entries: rows.slice(0, HARVEST_LIST_LIMIT),
    total: rows.length,
    summary: seasonSummary(rows, today),
  };
}
