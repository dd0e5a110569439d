// The admin's order list: newest first, optionally one status.
import { desc, eq } from "drizzle-orm";
import { orders, type OrderStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { STATUS_LABELS } from "./order-status.ts";

export async function listOrders(status?: string | null) {
  const filter =
    status && status in STATUS_LABELS ? eq(orders.status, status as OrderStatus) : undefined;
  return db()
    .select({
      id: orders.id,
      number: orders.number,
      name: orders.name,
      email: orders.email,
      status: orders.status,
      total: orders.total,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(filter)
    .orderBy(desc(orders.createdAt))
    .limit(200);
}
