// An admin refunds a paid subscription box (/admin/subscriptions/{id}, issue 21): the box's order
// (kind "subscription box", made by the renewal) becomes refunded through the shop's own refund,
// changeOrderStatus, which queues the provider's refund of the card part (Stripe gives the money
// back; the demo provider took none, so only our records change) and the member's e-mail; then the
// refund is written to the subscription's history with the admin's name, and the part the member's
// credit paid goes back to their credit, once per box (ADR 059). A retry after a lost answer finds
// the order refunded already and only writes the history row, once (its request key and box).
import { failure } from "#app/lib/outcome.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { providerRefunds } from "#app/modules/payments/stripe.server.ts";
import { adminChangeRequest } from "#app/modules/subscriptions/admin-change-request.server.ts";
import type { ChangeOutcome } from "#app/modules/subscriptions/change-subscription.server.ts";
import {
  findRefundableBox,
  recordBoxRefund,
  REFUND_MESSAGES,
} from "#app/modules/subscriptions/record-box-refund.server.ts";

export async function refundSubscriptionBox({
  subscriptionId,
  boxId,
  requestKey,
  adminEmail,
}: {
  subscriptionId: string;
  boxId: string;
  requestKey: string;
  adminEmail: string;
}): Promise<ChangeOutcome> {
  const who = await adminChangeRequest({ subscriptionId, adminEmail });
  if (!who) return failure("not-found", "That subscription doesn't exist.");
  const box = await findRefundableBox({ subscriptionId, boxId });
  if ("ok" in box) return box;
  if (box.orderStatus !== "refunded") {
    const refunded = await changeOrderStatus(
      box.orderId,
      { status: "refunded" },
      { credit: box.credit },
    );
    if (!refunded.ok)
      return refunded.code === "conflict"
        ? failure("conflict", `${REFUND_MESSAGES.notPaid} ${refunded.message}`)
        : refunded;
  }
  return recordBoxRefund({
    box,
    requestKey,
    who,
    moneyReturned: providerRefunds(box.paymentProvider),
  });
}
