// An admin moves an order along: packed, shipped (with a tracking number), delivered, cancelled
// (its stock goes back on the shelf) or refunded (stock back too if it never left). The status
// change, the stock and the customer's e-mail job are one transaction; a change that is no longer
// allowed (someone else got there first) changes nothing.
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { orders } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { freeText } from "#app/lib/zod.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { COURIER_IDS } from "./couriers.ts";
import { isOrderId } from "./order-id.ts";
import { nextStatuses, ORDER_STATUSES } from "./order-status.ts";
import { refundOrderPaymentJob } from "./refund-order-payment.server.ts";
import { releaseStockHold } from "./release-stock-hold.server.ts";
import { sendOrderUpdateJob } from "./send-order-update.server.ts";

export const changeStatusSchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    trackingNumber: freeText({ max: 60 }).optional().default(""),
    /** Which courier carries it (its tracking link in the e-mail); optional, none for "other". */
    courier: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.enum(COURIER_IDS, { message: "Choose the courier." }).optional(),
    ),
  })
  .refine((v) => v.status !== "shipped" || v.trackingNumber.length >= 4, {
    message: "Enter the courier's tracking number",
    path: ["trackingNumber"],
  });

const NOT_FOUND = failure("not-found", "That order doesn't exist.");

export interface ChangeStatusOptions {
  /** The caller's transaction, when this change is one part of a larger one. */
  tx?: Database;
  /** Cents of a refunded order the member's credit had paid: the e-mail says it is back as credit. */
  credit?: number;
  /** The admin's refund (`order_refunds`) that makes the order refunded: its amount, its e-mail. */
  refundId?: string;
}

export async function changeOrderStatus(
  orderId: string,
  raw: unknown,
  options: ChangeStatusOptions = {},
): Promise<Outcome> {
  if (!isOrderId(orderId)) return NOT_FOUND;
  const parsed = changeStatusSchema.safeParse(raw);
  if (!parsed.success) {
    // The message at the top, and by the field it is about (the tracking number).
    const errors = fieldErrors(parsed.error);
    return failure("invalid", Object.values(errors).join(" "), { fieldErrors: errors });
  }
  const { status, trackingNumber, courier } = parsed.data;
  return (options.tx ?? db()).transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return NOT_FOUND;
    if (!nextStatuses(order.status).includes(status))
      return failure("conflict", `An order that is ${order.status} can't become ${status}.`);
    const now = new Date();
    // The row is locked (for update) since it was read, so the status it had is still the status.
    await tx
      .update(orders)
      .set({
        status,
        updatedAt: now,
        ...(status === "shipped" ? { trackingNumber, courier: courier ?? null } : {}),
      })
      .where(eq(orders.id, orderId));
    // Stock returns when the goods never left us: cancelled, or refunded before shipping. An
    // order whose hold went back already (declined) returns nothing more.
    const returnStock =
      status === "cancelled" ||
      (status === "refunded" && (order.status === "paid" || order.status === "packed"));
    if (returnStock) await releaseStockHold(tx, orderId, now);
    if ((status === "cancelled" || status === "refunded") && order.paidAt)
      await enqueue(tx, refundOrderPaymentJob, {
        orderId,
        ...(status === "refunded" && options.refundId ? { refundId: options.refundId } : {}),
      });
    if ((status === "shipped" || status === "cancelled" || status === "refunded") && order.paidAt)
      await enqueue(tx, sendOrderUpdateJob, {
        orderId,
        status,
        ...(status === "refunded" && options.credit ? { credit: options.credit } : {}),
        ...(status === "refunded" && options.refundId ? { refundId: options.refundId } : {}),
      });
    return { ok: true };
  });
}
