// A person's orders for their profile: matched by e-mail, so orders placed as a guest with a
// member's address appear in their history once they sign in with it.
import { desc, eq } from "drizzle-orm";
import { orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

export async function listCustomerOrders(email: string) {
  return db()
    .select({
      id: orders.id,
      number: orders.number,
      kind: orders.kind,
      status: orders.status,
      total: orders.total,
      currency: orders.currency,
      createdAt: orders.createdAt,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(eq(orders.email, email.trim().toLowerCase()))
    .orderBy(desc(orders.createdAt))
    .limit(100);
}
