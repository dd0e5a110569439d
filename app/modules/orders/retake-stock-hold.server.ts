// Takes a released order's units off the shelf again: when its buyer retries after a decline, or
// a payment arrives after the hold was let go (a late webhook, a retry inside Stripe's form). All
// lines or none: a line that can't be had throws, which rolls back the caller's transaction.
import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { orderItems, orders, products } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";

export interface StockShortage {
  productId: string;
  name: string;
  requested: number;
  /** 0 for a product taken off sale when `onSaleOnly` asked for one that is. */
  available: number;
  removed: boolean;
}

export class StockGoneError extends Error {
  override name = "StockGoneError";
  readonly shortages: StockShortage[];
  constructor(shortages: StockShortage[]) {
    super("the stock an order needs is no longer there");
    this.shortages = shortages;
  }
}

/**
 * Holds the order's units again if it had released them; a no-op for an order still holding.
 * `onSaleOnly`: a buyer's retry is ordering again, so products taken off sale are refused; money
 * already taken (a late payment) is honoured with whatever is on the shelf.
 */
export async function retakeStockHold(
  tx: Database,
  orderId: string,
  { now = new Date(), onSaleOnly }: { now?: Date; onSaleOnly: boolean },
): Promise<"retaken" | "held"> {
  const [claimed] = await tx
    .update(orders)
    .set({ stockReleasedAt: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNotNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  if (!claimed) return "held";
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const shortages: StockShortage[] = [];
  for (const line of lines.sort((a, b) => a.productId.localeCompare(b.productId))) {
    const [taken] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${line.quantity}`, updatedAt: now })
      .where(
        and(
          eq(products.id, line.productId),
          gte(products.stockQuantity, line.quantity),
          ...(onSaleOnly ? [eq(products.active, true)] : []),
        ),
      )
      .returning({ id: products.id });
    if (taken) continue;
    const [product] = await tx.select().from(products).where(eq(products.id, line.productId));
    const removed = !product || (onSaleOnly && !product.active);
    shortages.push({
      productId: line.productId,
      name: line.name,
      requested: line.quantity,
      available: removed ? 0 : (product?.stockQuantity ?? 0),
      removed,
    });
  }
  if (shortages.length > 0) throw new StockGoneError(shortages);
  return "retaken";
}
