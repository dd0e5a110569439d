// Refunds that ask first (issue 40, ADR 074). The order page shows a confirmation naming the
// amount, whether the stock comes back and who is e-mailed (`refundPreview`); the confirmation
// posts that amount, a reason and the page's request key, and `refundOrder` refunds in one
// transaction: the order locked, the amount checked against the order's, the status change (the
// provider's refund and the customer's e-mail queued with it, stock back when the goods never
// left) and one history note with who, how much and why, keyed by the request key. The same
// confirmation sent again finds its note and answers as the first did; two admins confirming at
// once refund once (the second finds the order refunded). A subscription box is refunded from its
// subscription's page, whose refund also returns the part the member's credit paid (ADR 059).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { adminNotes, orderItems, orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { freeText } from "#app/lib/zod.ts";
import { changeOrderStatus } from "./change-order-status.server.ts";
import { isOrderId } from "./order-id.ts";
import { nextStatuses } from "./order-status.ts";

export const REFUND_MESSAGES = {
  reason: "Say why the order is refunded (the customer's words will do).",
  amount: "Reload the page: the amount to refund is missing.",
  changed: "The order's total is not the amount you confirmed. Check the order again.",
  notRefundable: "This order can't be refunded now.",
  box: "A subscription box is refunded from its subscription's page, which also returns any credit that paid for it.",
  done: "Order refunded.",
  notFound: "That order doesn't exist.",
} as const;

export const refundOrderSchema = z.object({
  amount: z.coerce
    .number({ message: REFUND_MESSAGES.amount })
    .int({ message: REFUND_MESSAGES.amount })
    .nonnegative({ message: REFUND_MESSAGES.amount }),
  reason: freeText({ max: 500, multiline: true }).refine((v) => v.length >= 2, {
    message: REFUND_MESSAGES.reason,
  }),
  requestKey: z
    .string({ message: "Reload the page and try again." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: "Reload the page and try again." }),
});

type OrderRow = typeof orders.$inferSelect;

/** Why an order can't be refunded here, or null when it can. */
function refusal(order: OrderRow): Outcome | null {
  if (order.kind === "subscription box") return failure("conflict", REFUND_MESSAGES.box);
  if (!nextStatuses(order.status).includes("refunded"))
    return failure("conflict", REFUND_MESSAGES.notRefundable);
  return null;
}

/** Units that go back on the shelf: an order refunded before it left us. */
async function unitsBack(order: OrderRow, database = db()): Promise<number> {
  if (order.status !== "paid" && order.status !== "packed") return 0;
  const lines = await database
    .select({ quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  return lines.reduce((n, l) => n + l.quantity, 0);
}

export type RefundPreview =
  | { ok: true; amount: number; currency: string; email: string; stockBack: number; card: boolean }
  | { ok: false; code: string; message: string };

/** What the confirmation says: the amount, the stock that comes back, who is e-mailed. */
export async function refundPreview(orderId: string): Promise<RefundPreview> {
  if (!isOrderId(orderId)) return failure("not-found", REFUND_MESSAGES.notFound);
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!order) return failure("not-found", REFUND_MESSAGES.notFound);
  const refused = refusal(order);
  if (refused && !refused.ok) return refused;
  return {
    ok: true,
    amount: order.total,
    currency: order.currency,
    email: order.email,
    stockBack: await unitsBack(order),
    card: order.paymentProvider === "stripe",
  };
}

/** Refunds a whole order the admin confirmed: once per request key, and once per order. */
export async function refundOrder(
  orderId: string,
  raw: unknown,
  adminEmail: string,
): Promise<Outcome> {
  if (!isOrderId(orderId)) return failure("not-found", REFUND_MESSAGES.notFound);
  const parsed = refundOrderSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]?.message ?? REFUND_MESSAGES.reason, {
      fieldErrors: Object.fromEntries(
        parsed.error.issues.map((i) => [String(i.path[0]), i.message]),
      ),
    });
  const { amount, reason, requestKey } = parsed.data;
  return db().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return failure("not-found", REFUND_MESSAGES.notFound);
    // This very confirmation was recorded already (a retry after a lost answer): done.
    const [seen] = await tx
      .select({ id: adminNotes.id })
      .from(adminNotes)
      .where(
        and(
          eq(adminNotes.requestKey, requestKey),
          eq(adminNotes.subjectType, "order"),
          eq(adminNotes.subjectId, order.id),
        ),
      );
    if (seen) return { ok: true, message: REFUND_MESSAGES.done };
    const refused = refusal(order);
    if (refused) return refused;
    if (amount !== order.total) return failure("conflict", REFUND_MESSAGES.changed);
    const changed = await changeOrderStatus(order.id, { status: "refunded" }, { tx });
    if (!changed.ok) return changed;
    await tx.insert(adminNotes).values({
      subjectType: "order",
      subjectId: order.id,
      body: `Refunded ${formatMoney(order.total, order.currency)} in full. Reason: ${reason}`,
      authorEmail: adminEmail,
      requestKey,
    });
    return { ok: true, message: REFUND_MESSAGES.done };
  });
}
