// The admin's order list: newest first, optionally one status and one kind (shop orders apart from
// the subscription boxes the renewal made).
import { and, desc, eq } from "drizzle-orm";
import { orders, type OrderKind, type OrderStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { ORDER_KIND_LABELS, STATUS_LABELS } from "./order-status.ts";

export async function listOrders(status?: string | null, kind?: string | null) {
  const filter = and(
    status && status in STATUS_LABELS ? eq(orders.status, status as OrderStatus) : undefined,
    kind && kind in ORDER_KIND_LABELS ? eq(orders.kind, kind as OrderKind) : undefined,
  );
  return db()
    .select({
      id: orders.id,
      number: orders.number,
      name: orders.name,
      email: orders.email,
      status: orders.status,
      kind: orders.kind,
      total: orders.total,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(filter)
    .orderBy(desc(orders.createdAt))
    .limit(200);
}
