// "To plant from your box" on /garden (issue 23, ADR 042): the library plants among the seedlings
// of a member's boxes shipped in the last weeks that they haven't placed yet, each with the empty
// square of their saved plan it would go in (or none: make room).
import { and, eq, inArray } from "drizzle-orm";
import { boxSeedlingPlacements } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { addDays } from "#app/modules/subscriptions/box-dates.ts";
import {
  listShippedBoxes,
  type ShippedBox,
} from "#app/modules/subscriptions/list-shipped-boxes.server.ts";
import { boxSeedlingPlants, suggestSquares, type SeedlingSuggestion } from "./box-seedlings.ts";
import { BOX_GRIDS, emptyPlan, type GardenPlan } from "./garden.schema.ts";
import { getGarden } from "./get-garden.server.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

/** A box's seedlings are offered for this many weeks after its delivery week starts. */
export const BOX_SEEDLING_WEEKS = 8;

export interface PendingSeedling {
  boxId: string;
  deliverOn: string;
  plantId: string;
}

/** The member's boxes shipped in the last weeks (read before any transaction: PGlite has one
 * connection, so a query outside a transaction it runs in would wait for ever). */
export function recentShippedBoxes({ userId, today }: { userId: string; today: string }) {
  return listShippedBoxes({ userId, since: addDays(today, -7 * BOX_SEEDLING_WEEKS) });
}

/** The shipped boxes' library seedlings not yet placed, oldest box first. */
export async function pendingBoxSeedlings(
  { userId, shipped }: { userId: string; shipped: readonly ShippedBox[] },
  executor: Pick<Database, "select"> = db(),
): Promise<PendingSeedling[]> {
  if (shipped.length === 0) return [];
  const placed = await executor
    .select({ boxId: boxSeedlingPlacements.boxId, plantId: boxSeedlingPlacements.plantId })
    .from(boxSeedlingPlacements)
    .where(
      and(
        eq(boxSeedlingPlacements.userId, userId),
        inArray(
          boxSeedlingPlacements.boxId,
          shipped.map((b) => b.id),
        ),
      ),
    );
  const done = new Set(placed.map((p) => `${p.boxId} ${p.plantId}`));
  const libraryIds = new Set(loadPlantLibrary().map((p) => p.id));
  return shipped.toReversed().flatMap((box) =>
    boxSeedlingPlants(box.items, libraryIds)
      .filter((plantId) => !done.has(`${box.id} ${plantId}`))
      .map((plantId) => ({ boxId: box.id, deliverOn: box.deliverOn, plantId })),
  );
}

export type BoxSeedlingSuggestion = PendingSeedling & SeedlingSuggestion;

export async function getBoxSeedlings({
  userId,
  today,
}: {
  userId: string;
  today: string;
}): Promise<{ columns: number; seedlings: BoxSeedlingSuggestion[] }> {
  const shipped = await recentShippedBoxes({ userId, today });
  const pending = await pendingBoxSeedlings({ userId, shipped });
  if (pending.length === 0) return { columns: 0, seedlings: [] };
  const garden = await getGarden(userId);
  const plan: GardenPlan = garden.plan ?? emptyPlan(garden.boxSize ?? "1m2");
  const squares = suggestSquares(
    plan,
    pending.map((p) => p.plantId),
  );
  return {
    columns: BOX_GRIDS[plan.boxSize].columns,
    seedlings: pending.map((p, i) => ({ ...p, square: squares[i]!.square })),
  };
}
