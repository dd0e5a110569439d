// The garden area's accepted next-season plan reaches the boxes here (issue 23, ADR 045): the box
// items its crops are sent as are kept on the member's subscription that hasn't ended, and every
// box made from then on prefers them (box-contents.server.ts). A box already made keeps its
// contents (the member can still swap an item before its cutoff).
import { and, eq, ne } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { z } from "#app/lib/zod.ts";

const input = z.object({
  userId: z.string().min(1),
  itemIds: z.array(z.string().regex(/^[a-z0-9-]{1,80}$/)).max(200),
});

/** Answers how many subscriptions now follow the plan (0: the member has none running). */
export async function setGardenBoxItems(raw: z.input<typeof input>): Promise<number> {
  const { userId, itemIds } = input.parse(raw);
  const changed = await db()
    .update(subscriptions)
    .set({ gardenItems: [...new Set(itemIds)].sort(), updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "ended")))
    .returning({ id: subscriptions.id });
  return changed.length;
}
