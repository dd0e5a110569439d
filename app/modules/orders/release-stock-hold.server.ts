// Puts an order's units back on the shelf, at most once in its life: the order's
// stock_released_at is stamped in the same statement that decides whether this call is the one
// that returns them. Declines, expiry, cancellation, a refund before shipping and a superseded
// checkout all release through here, in the transaction that changes the order's status.
import { and, eq, isNull, sql } from "drizzle-orm";
import { orderItems, orders, products } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";

/** True if this call returned the units; false if they were already back (or never taken). */
export async function releaseStockHold(
  tx: Database,
  orderId: string,
  now = new Date(),
): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({ stockReleasedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  if (!released) return false;
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  // In product id order, as every stock change is, so concurrent changes can't deadlock. Units a
  // part refund by line already put back (ADR 078) are not put back twice.
  for (const line of lines.sort((a, b) => a.productId.localeCompare(b.productId))) {
    const units = line.quantity - line.refundedQuantity;
    if (units <= 0) continue;
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${units}`, updatedAt: now })
      .where(eq(products.id, line.productId));
  }
  return true;
}
