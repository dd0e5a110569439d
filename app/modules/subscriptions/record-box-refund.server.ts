// A refund of a paid box, on the subscription's side: which boxes can be refunded (paid, with the
// order the renewal made for it, not refunded yet) and what paid them (the member's credit, the
// card, or both), and the history row that records the refund and who made it, written through
// change-subscription.server.ts (request key, row lock). A refund returns what paid (ADR 059): the
// credit part goes back to the ledger here, as one 'refunded_box' row keyed by the box, so no
// retry or second refund writes it twice; the card part goes back through the box's order, as the
// shop's refunds do (app/flows/refund-subscription-box.server.ts), whose e-mail tells the member
// both parts, so this row sends none.
import { and, eq } from "drizzle-orm";
import { boxes, orders, users } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, type Failure } from "#app/lib/outcome.ts";
import { addCreditEntry } from "#app/modules/credits/credit-ledger.server.ts";
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
  /** Cents of it the member's credit paid; the card paid the rest. */
  credit: number;
}

/** The ledger row that gives a box's credit back: one per box, whoever refunds it and however often. */
export const refundedBoxKey = (boxId: string) => `refunded_box:${boxId}`;

/**
 * Cents of the box the member's credit paid, from its "charged" history row (written with the
 * debit by record-box-charges.server.ts); a box whose reference is `credit:` the card never paid.
 */
export async function creditPaidFor(
  tx: Database,
  box: {
    subscriptionId: string;
    deliverOn: string;
    amount: number;
    chargeReference: string | null;
  },
): Promise<number> {
  const charged = await findHistoryEvent(tx, box.subscriptionId, {
    type: "charged",
    data: { box: box.deliverOn },
    pick: "latest",
  });
  if (box.chargeReference?.startsWith("credit:")) return box.amount;
  const credit = Number(charged?.data.credit ?? 0);
  return Number.isInteger(credit) && credit > 0 ? Math.min(credit, box.amount) : 0;
}

/** The box to refund, or why it can't be (not this subscription's, unpaid, no order). */
export async function findRefundableBox({
  subscriptionId,
  boxId,
  tx = db(),
}: {
  subscriptionId: string;
  boxId: string;
  tx?: Database;
}): Promise<RefundableBox | Failure> {
  const [box] = await tx
    .select({
      id: boxes.id,
      deliverOn: boxes.deliverOn,
      status: boxes.status,
      amount: boxes.amount,
      currency: boxes.currency,
      orderId: boxes.orderId,
      orderStatus: orders.status,
      paymentProvider: orders.paymentProvider,
      chargeReference: boxes.chargeReference,
    })
    .from(boxes)
    .leftJoin(orders, eq(orders.id, boxes.orderId))
    .where(and(eq(boxes.id, boxId), eq(boxes.subscriptionId, subscriptionId)));
  if (!box) return failure("not-found", REFUND_MESSAGES.noBox);
  if (!(PAID_BOX_STATUSES as readonly string[]).includes(box.status))
    return failure("conflict", REFUND_MESSAGES.notPaid);
  if (!box.orderId || !box.orderStatus) return failure("conflict", REFUND_MESSAGES.noOrder);
  return {
    id: box.id,
    deliverOn: box.deliverOn,
    amount: box.amount,
    currency: box.currency,
    orderId: box.orderId,
    orderStatus: box.orderStatus,
    paymentProvider: box.paymentProvider ?? "demo",
    credit: await creditPaidFor(tx, { ...box, subscriptionId }),
  };
}

async function accountExists(tx: Database, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

/** The words for a box's refund: what goes back as credit, and what to the card. */
export function refundMessage(box: RefundableBox, moneyReturned: boolean): string {
  const money = (cents: number) => formatMoney(cents, box.currency);
  const card = box.amount - box.credit;
  const head = `Refunded ${money(box.amount)} for the box of the week starting ${formatBoxDate(box.deliverOn)}`;
  if (box.credit > 0 && card === 0)
    return `${head}: ${money(box.credit)} back as credit on the account.`;
  if (box.credit > 0)
    return moneyReturned
      ? `${head}: ${money(box.credit)} back as credit on the account, and ${money(card)} to the card it was paid with.`
      : `${head}: ${money(box.credit)} back as credit on the account, and ${money(card)} to the card it was paid with. Demo payments took no money, so the card part is marked refunded in our records only.`;
  return moneyReturned
    ? `${head}: the money goes back to the card it was paid with.`
    : `${head}. Demo payments took no money, so this is marked refunded in our records only.`;
}

/**
 * The refund in the subscription's history with the credit part back in the ledger, once per box
 * (a second one is refused). `tx` when the caller's transaction holds it (an account's deletion).
 */
export async function recordBoxRefund({
  box,
  requestKey,
  who,
  moneyReturned,
  tx,
}: {
  box: RefundableBox;
  requestKey: string;
  who: Omit<ChangeRequest, "requestKey">;
  /** Whether the provider gives the money back (Stripe) or only our records change (demo). */
  moneyReturned: boolean;
  tx?: Database;
}): Promise<ChangeOutcome> {
  const message = refundMessage(box, moneyReturned);
  const request = { ...who, requestKey, evenIfEnded: true, ...(tx ? { tx } : {}) };
  return changeSubscription(request, async (sub, now, tx) => {
    const earlier = await findHistoryEvent(tx, sub.id, {
      type: "box_refunded",
      data: { boxId: box.id },
    });
    if (earlier) return failure("conflict", REFUND_MESSAGES.already);
    // Credit lives on the account: once the account is gone there is no ledger to return it to.
    if (box.credit > 0 && (await accountExists(tx, sub.userId)))
      await addCreditEntry(tx, {
        userId: sub.userId,
        amount: box.credit,
        kind: "refunded_box",
        note: `The box of the week starting ${formatBoxDate(box.deliverOn)}, refunded.`,
        requestKey: refundedBoxKey(box.id),
        now,
      });
    return {
      type: "box_refunded",
      data: {
        box: box.deliverOn,
        boxId: box.id,
        amount: box.amount,
        order: box.orderId,
        provider: box.paymentProvider,
        credit: box.credit,
        card: box.amount - box.credit,
        moneyReturned,
      },
      notify: false,
      message,
    };
  });
}
