// Places a member's shipped box seedlings in their saved plan with one press on /garden (issue 23,
// ADR 042): each goes in the next empty square (as "To plant from your box" suggested), the plan is
// saved and each placed seedling recorded so it isn't offered again. Seedlings with no empty
// square left stay offered until the member makes room. Under a lock on the member's plan, so a
// double press places nothing twice.
import { eq } from "drizzle-orm";
import { boxSeedlingPlacements, gardens } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { placeSuggestions, suggestSquares } from "./box-seedlings.ts";
import { BOX_GRIDS, emptyPlan, savedPlanOf } from "./garden.schema.ts";
import { getGarden } from "./get-garden.server.ts";
import { pendingBoxSeedlings, recentShippedBoxes } from "./get-box-seedlings.server.ts";

export const PLACE_SEEDLINGS_MESSAGES = {
  none: "There are no seedlings from your boxes waiting to be placed.",
  full: "Your plan has no empty square left: clear a square, save, then place your seedlings.",
  unreadable: "Your saved plan couldn't be read: please save it again from the editor first.",
} as const;

export async function placeBoxSeedlings({
  userId,
  today,
}: {
  userId: string;
  /** Today in New Zealand, as YYYY-MM-DD. */
  today: string;
}): Promise<Outcome<{ placed: number; left: number }>> {
  const { boxSize } = await getGarden(userId);
  const shipped = await recentShippedBoxes({ userId, today });
  // Nothing to place: answered before the transaction, which would save an empty plan first.
  if ((await pendingBoxSeedlings({ userId, shipped })).length === 0)
    return failure("conflict", PLACE_SEEDLINGS_MESSAGES.none);
  const start = emptyPlan(boxSize ?? "1m2");
  const grid = BOX_GRIDS[start.boxSize];
  return db().transaction(async (tx) => {
    // A member without a saved plan gets one: an empty box of their subscription's size.
    await tx
      .insert(gardens)
      .values({ userId, boxSize: start.boxSize, ...grid, squares: start.squares })
      .onConflictDoNothing({ target: gardens.userId });
    const [row] = await tx.select().from(gardens).where(eq(gardens.userId, userId)).for("update");
    const plan = savedPlanOf(row!);
    if (!plan) return failure("conflict", PLACE_SEEDLINGS_MESSAGES.unreadable);
    const pending = await pendingBoxSeedlings({ userId, shipped }, tx);
    if (pending.length === 0) return failure("conflict", PLACE_SEEDLINGS_MESSAGES.none);
    const suggestions = suggestSquares(
      plan,
      pending.map((p) => p.plantId),
    );
    const placed = pending.flatMap((p, i) => {
      const square = suggestions[i]!.square;
      return square === null ? [] : [{ ...p, square }];
    });
    if (placed.length === 0) return failure("conflict", PLACE_SEEDLINGS_MESSAGES.full);
    const next = placeSuggestions(plan, suggestions);
    await tx
      .update(gardens)
      .set({ squares: next.squares, updatedAt: new Date() })
      .where(eq(gardens.userId, userId));
    await tx
      .insert(boxSeedlingPlacements)
      .values(placed.map((p) => ({ boxId: p.boxId, userId, plantId: p.plantId, square: p.square })))
      .onConflictDoNothing();
    const left = pending.length - placed.length;
    const words = placed.length === 1 ? "1 seedling" : `${placed.length} seedlings`;
    return {
      ok: true as const,
      placed: placed.length,
      left,
      message:
        left === 0
          ? `Placed ${words} from your box in your plan.`
          : `Placed ${words} from your box in your plan; make room for ${left} more.`,
    };
  });
}
