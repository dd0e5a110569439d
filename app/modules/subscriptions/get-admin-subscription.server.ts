// One subscription as /admin/subscriptions/{id} shows it: the member, plan, status, address and
// delivery week, its boxes (with whether a paid box's order was refunded), the charges the renewal
// engine and the start recorded in the history, and the whole history with who made each change.
// An id that isn't a UUID is no subscription, answered before any query.
import { asc, desc, eq } from "drizzle-orm";
import { boxes, orders, subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { subscriptionIdSchema } from "./admin-subscriptions.schema.ts";

/** The history's rows that are payments: the engine's charges and failures, and refunds. */
const CHARGE_TYPES = ["charged", "payment_failed", "box_refunded"] as const;
const CHARGE_STATUS: Record<(typeof CHARGE_TYPES)[number], string> = {
  charged: "Paid",
  payment_failed: "Failed",
  box_refunded: "Refunded",
};

/** Box statuses that mean the member paid for it. */
export const PAID_BOX_STATUSES = ["charged", "packed", "shipped"] as const;

const text = (v: unknown) => (typeof v === "string" ? v : null);
const cents = (v: unknown) => (typeof v === "number" ? v : null);

export async function getAdminSubscription({ id }: { id: string }) {
  if (!subscriptionIdSchema.safeParse(id).success) return null;
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!sub) return null;
  const [boxRows, events] = await Promise.all([
    db()
      .select({
        id: boxes.id,
        deliverOn: boxes.deliverOn,
        status: boxes.status,
        plan: boxes.plan,
        items: boxes.items,
        amount: boxes.amount,
        currency: boxes.currency,
        orderId: boxes.orderId,
        chargedAt: boxes.chargedAt,
        orderStatus: orders.status,
      })
      .from(boxes)
      .leftJoin(orders, eq(orders.id, boxes.orderId))
      .where(eq(boxes.subscriptionId, id))
      .orderBy(desc(boxes.deliverOn)),
    db()
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, id))
      .orderBy(asc(subscriptionEvents.createdAt), asc(subscriptionEvents.id)),
  ]);
  const boxList = boxRows.map((b) => {
    const refunded = b.orderStatus === "refunded";
    const paid = (PAID_BOX_STATUSES as readonly string[]).includes(b.status);
    return {
      id: b.id,
      deliverOn: b.deliverOn,
      status: refunded ? ("refunded" as const) : b.status,
      plan: b.plan,
      itemCount: b.items.reduce((sum, line) => sum + line.quantity, 0),
      amount: b.amount,
      currency: b.currency,
      orderId: b.orderId,
      chargedAt: b.chargedAt,
      /** A paid box with the order the renewal made for it can be refunded once. */
      refundable: paid && !refunded && b.orderId !== null,
    };
  });
  const charges = events
    .filter((e) => (CHARGE_TYPES as readonly string[]).includes(e.type))
    .map((e) => ({
      id: e.id,
      at: e.createdAt,
      status: CHARGE_STATUS[e.type as (typeof CHARGE_TYPES)[number]],
      amount: cents(e.data.amount),
      box: text(e.data.box),
      reference: text(e.data.reference),
      note: e.type === "payment_failed" ? text(e.data.message) : null,
    }))
    .reverse();
  const history = events
    .map((e) => ({
      id: e.id,
      at: e.createdAt,
      type: e.type,
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actor,
      message: text(e.data.message),
    }))
    .reverse();
  return { subscription: sub, boxes: boxList, charges, history };
}

export type AdminSubscription = NonNullable<Awaited<ReturnType<typeof getAdminSubscription>>>;
