// An admin's refund of a paid box, on the subscription's side (issue 21): which boxes can be
// refunded (paid, with the order the renewal made for it, not refunded yet), and the history row
// that records the refund and who made it, written through change-subscription.server.ts (request
// key, row lock). The money itself goes back through the box's order, as the shop's refunds do
// (app/flows/refund-subscription-box.server.ts); the order's e-mail tells the member, so this
// row sends none.
import { and, eq } from "drizzle-orm";
import { boxes, orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, type Failure } from "#app/lib/outcome.ts";
import { formatBoxDate } from "./box-dates.ts";
import {
  changeSubscription,
  type ChangeOutcome,
  type ChangeRequest,
} from "./change-subscription.server.ts";
import { PAID_BOX_STATUSES } from "./get-admin-subscription.server.ts";
import { findHistoryEvent } from "./subscription-history.server.ts";

export const REFUND_MESSAGES = {
  noBox: "That box isn't one of this subscription's.",
  notPaid: "Only a box that was paid for can be refunded.",
  noOrder:
    "This box was paid before boxes had orders (a first box of a subscription started before 27 November 2026), so it has no order to refund here. Refund it in the payment provider's dashboard.",
  already: "That box is already refunded.",
} as const;

export interface RefundableBox {
  id: string;
  deliverOn: string;
  amount: number;
  currency: string;
  orderId: string;
  orderStatus: string;
  paymentProvider: string;
}

/** The box to refund, or why it can't be (not this subscription's, unpaid, no order). */
export async function findRefundableBox({
  subscriptionId,
  boxId,
}: {
  subscriptionId: string;
  boxId: string;
}): Promise<RefundableBox | Failure> {
  const [box] = await db()
    .select({
      id: boxes.id,
      deliverOn: boxes.deliverOn,
      status: boxes.status,
      amount: boxes.amount,
      currency: boxes.currency,
      orderId: boxes.orderId,
      orderStatus: orders.status,
      paymentProvider: orders.paymentProvider,
    })
    .from(boxes)
    .leftJoin(orders, eq(orders.id, boxes.orderId))
    .where(and(eq(boxes.id, boxId), eq(boxes.subscriptionId, subscriptionId)));
  if (!box) return failure("not-found", REFUND_MESSAGES.noBox);
  if (!(PAID_BOX_STATUSES as readonly string[]).includes(box.status))
    return failure("conflict", REFUND_MESSAGES.notPaid);
  if (!box.orderId || !box.orderStatus) return failure("conflict", REFUND_MESSAGES.noOrder);
  return {
    ...box,
    orderId: box.orderId,
    orderStatus: box.orderStatus,
    paymentProvider: box.paymentProvider ?? "demo",
  };
}

/** The refund in the subscription's history, once per box (a second one is refused). */
export async function recordBoxRefund({
  box,
  requestKey,
  who,
  moneyReturned,
}: {
  box: RefundableBox;
  requestKey: string;
  who: Omit<ChangeRequest, "requestKey">;
  /** Whether the provider gives the money back (Stripe) or only our records change (demo). */
  moneyReturned: boolean;
}): Promise<ChangeOutcome> {
  const amount = formatMoney(box.amount, box.currency);
  const week = formatBoxDate(box.deliverOn);
  const message = moneyReturned
    ? `Refunded ${amount} for the box of the week starting ${week}: the money goes back to the card it was paid with.`
    : `Refunded ${amount} for the box of the week starting ${week}. Demo payments took no money, so this is marked refunded in our records only.`;
  return changeSubscription({ ...who, requestKey, evenIfEnded: true }, async (sub, _now, tx) => {
    const earlier = await findHistoryEvent(tx, sub.id, {
      type: "box_refunded",
      data: { boxId: box.id },
    });
    if (earlier) return failure("conflict", REFUND_MESSAGES.already);
    return {
      type: "box_refunded",
      data: {
        box: box.deliverOn,
        boxId: box.id,
        amount: box.amount,
        order: box.orderId,
        provider: box.paymentProvider,
        moneyReturned,
      },
      notify: false,
      message,
    };
  });
}
