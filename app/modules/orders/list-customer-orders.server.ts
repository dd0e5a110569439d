// A person's orders for their profile: matched by e-mail, so orders placed as a guest with a
// member's address appear in their history once they sign in with it. Each with its refunds
// (issue 40, ADR 078): each refund's amount, when, and what it covered (the lines, or part of the
// total), and the sum refunded of what was paid.
import { asc, desc, eq, inArray } from "drizzle-orm";
import { orderRefunds, orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

/** What a refund covered, in the customer's words. */
export function refundCovered(
  refund: { amount: number; lines: { name: string; quantity: number }[] },
  total: number,
): string {
  if (refund.lines.length > 0)
    return refund.lines.map((l) => `${l.quantity} × ${l.name}`).join(", ");
  return refund.amount >= total ? "The whole order" : "Part of the order's total";
}

export async function listCustomerOrders(email: string) {
  const rows = await db()
    .select({
      id: orders.id,
      number: orders.number,
      kind: orders.kind,
      status: orders.status,
      total: orders.total,
      refunded: orders.refunded,
      currency: orders.currency,
      createdAt: orders.createdAt,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(eq(orders.email, email.trim().toLowerCase()))
    .orderBy(desc(orders.createdAt))
    .limit(100);
  const refunds =
    rows.length === 0
      ? []
      : await db()
          .select({
            id: orderRefunds.id,
            orderId: orderRefunds.orderId,
            amount: orderRefunds.amount,
            lines: orderRefunds.lines,
            createdAt: orderRefunds.createdAt,
          })
          .from(orderRefunds)
          .where(
            inArray(
              orderRefunds.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderRefunds.createdAt));
  return rows.map((o) => ({
    ...o,
    refunds: refunds
      .filter((r) => r.orderId === o.id)
      .map((r) => ({
        id: r.id,
        amount: r.amount,
        createdAt: r.createdAt,
        covered: refundCovered(r, o.total),
      })),
  }));
}
