// Accepting the suggested next season's plan on /garden (issue 23, ADR 045): the suggestion is
// worked out again from the saved plan (never taken from the browser), saved as the plan with this
// season's squares as its rotation memory, and the box items its crops are sent as handed to the
// member's subscription, so the boxes made from then on follow it. Under a lock on the member's
// plan; a second press (or a retry after a lost answer) finds it accepted and changes nothing.
import { eq } from "drizzle-orm";
import { gardens } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import { setGardenBoxItems } from "#app/modules/subscriptions/set-garden-box-items.server.ts";
import { BOX_SEEDLING_PLANTS } from "./box-seedlings.ts";
import { savedPlanOf } from "./garden.schema.ts";
import { squaresBasis, suggestNextSeason } from "./next-season.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";

export const NEXT_SEASON_MESSAGES = {
  basis: "That suggestion didn't come from this page: please reload it and try again.",
  noPlan: "Save a plan with plants in it first: next season's plan moves them on.",
  changed:
    "Your plan has changed since this suggestion was made: look at the new suggestion and accept that one.",
  accepted: "Next season's plan is saved. Adjust it in the editor above if you like.",
  boxes: " Your next boxes will favour its crops.",
} as const;

const input = z.object({
  userId: z.string().min(1),
  basis: z.string().regex(/^[0-9a-f]{16}$/, NEXT_SEASON_MESSAGES.basis),
});

/** The box items (seedlings and seed packets) a plan's plants are sent as. */
export function boxItemsFor(squares: readonly (readonly string[])[]): string[] {
  const planted = new Set(squares.flat());
  return Object.entries(BOX_SEEDLING_PLANTS)
    .filter(([, plantId]) => planted.has(plantId))
    .flatMap(([itemId]) => [itemId, itemId.replace(/^seedling-/, "seed-")]);
}

export async function acceptNextSeason(raw: {
  userId: string;
  /** The form's field as posted. */
  basis: unknown;
}): Promise<Outcome<{ boxes: number }>> {
  const parsed = input.safeParse(raw);
  if (!parsed.success) return failure("invalid", NEXT_SEASON_MESSAGES.basis);
  const { userId, basis } = parsed.data;
  const library = loadPlantLibrary();
  const saved = await db().transaction(async (tx) => {
    const [row] = await tx.select().from(gardens).where(eq(gardens.userId, userId)).for("update");
    const plan = row ? savedPlanOf(row) : null;
    if (!plan || plan.squares.every((s) => s.length === 0))
      return failure("not-found", NEXT_SEASON_MESSAGES.noPlan);
    const { squares, lastSeason } = plan;
    // Pressed again: the plan is already the suggestion made from the squares the page showed.
    if (lastSeason && squaresBasis(lastSeason) === basis) {
      const again = suggestNextSeason({ squares: lastSeason }, library);
      if (JSON.stringify(again.squares) === JSON.stringify(squares))
        return { ok: true as const, squares };
    }
    if (squaresBasis(squares) !== basis) return failure("conflict", NEXT_SEASON_MESSAGES.changed);
    const next = suggestNextSeason({ squares }, library);
    await tx
      .update(gardens)
      .set({ squares: next.squares, lastSeason: next.lastSeason, updatedAt: new Date() })
      .where(eq(gardens.userId, userId));
    return { ok: true as const, squares: next.squares };
  });
  if (!saved.ok) return saved;
  // After the plan's transaction (PGlite has one connection); a retry does it again, the same.
  const boxes = await setGardenBoxItems({ userId, itemIds: boxItemsFor(saved.squares) });
  return {
    ok: true,
    boxes,
    message: NEXT_SEASON_MESSAGES.accepted + (boxes > 0 ? NEXT_SEASON_MESSAGES.boxes : ""),
  };
}
