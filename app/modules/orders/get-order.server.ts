// One order with its lines, for the confirmation page, the e-mail and the admin.
import { asc, eq } from "drizzle-orm";
import { orderItems, orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { isOrderId } from "./order-id.ts";

export type OrderWithItems = typeof orders.$inferSelect & {
  items: (typeof orderItems.$inferSelect)[];
};

/** The order, or null for an id that isn't one of ours, well-formed or not. */
export async function getOrder(orderId: string): Promise<OrderWithItems | null> {
  if (!isOrderId(orderId)) return null;
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name));
  return { ...order, items };
}

/** The number people quote: #1001. */
export const orderNumber = (order: { number: number }) => `#${order.number}`;
