// A member's boxes that are on their way or have arrived (issue 23, ADR 042): the box's order was
// marked shipped (or delivered) by an admin at /admin/order, or the box itself was marked shipped.
// The garden offers their seedlings for the member's plan.
import { and, desc, eq, gte, inArray, or } from "drizzle-orm";
import { boxes, orders, subscriptions, type BoxLine } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

export interface ShippedBox {
  id: string;
  /** The box's delivery week started on this New Zealand date. */
  deliverOn: string;
  items: BoxLine[];
}

export async function listShippedBoxes({
  userId,
  since,
  boxId,
}: {
  userId: string;
  /** Only boxes delivered on or after this New Zealand date (YYYY-MM-DD). */
  since: string;
  /** Only this box (still only if it is the member's and shipped). */
  boxId?: string;
}): Promise<ShippedBox[]> {
  return db()
    .select({ id: boxes.id, deliverOn: boxes.deliverOn, items: boxes.items })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .leftJoin(orders, eq(orders.id, boxes.orderId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        gte(boxes.deliverOn, since),
        or(eq(boxes.status, "shipped"), inArray(orders.status, ["shipped", "delivered"])),
        boxId ? eq(boxes.id, boxId) : undefined,
      ),
    )
    .orderBy(desc(boxes.deliverOn));
}
