// "Delete my account" ends the account's money relationship (ADR 059). The accounts area deletes
// the account (delete-account.server.ts); this flow gives it the part only subscriptions and
// orders know, run in the deletion's one transaction before the account goes: a paid box not yet
// packed is refunded (through the admin's box refund: card part to the card, credit part to the
// credit) or kept to be delivered, as the member chose; every subscription ends with its history
// row and its saved card is forgotten (Stripe's detached by a queued job after commit); and the
// orders tax law keeps lose the name, e-mail and address.
import { failure } from "#app/lib/outcome.ts";
import { deleteAccount } from "#app/modules/accounts/delete-account.server.ts";
import { DELETE_MESSAGES, type PaidBoxChoice } from "#app/modules/accounts/accounts.schema.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { forgetNotes } from "#app/modules/notes/notes.server.ts";
import { forgetCustomerOrders } from "#app/modules/orders/forget-customer-orders.server.ts";
import { providerRefunds } from "#app/modules/payments/stripe.server.ts";
import {
  endAccountSubscriptions,
  lockAccountSubscriptions,
  paidUnpackedBoxes,
} from "#app/modules/subscriptions/end-account-subscriptions.server.ts";
import {
  findRefundableBox,
  recordBoxRefund,
} from "#app/modules/subscriptions/record-box-refund.server.ts";
import type { Database } from "#app/lib/db.server.ts";
import { users } from "#db/schema/index.ts";
import { eq } from "drizzle-orm";

type DeleteArgs = Parameters<typeof deleteAccount>[0];

export function deleteAccountAndEndMoney(args: Omit<DeleteArgs, "settle">) {
  return deleteAccount({ ...args, settle: settleAccount });
}

async function settleAccount(
  tx: Database,
  { userId, paidBox }: { userId: string; paidBox: PaidBoxChoice | undefined },
) {
  // The subscriptions' locks first: a renewal batch holding one finishes before this reads boxes.
  await lockAccountSubscriptions(tx, userId);
  const unpacked = await paidUnpackedBoxes(userId, tx);
  if (unpacked.length > 0 && !paidBox)
    return failure("invalid", DELETE_MESSAGES.paidBox, {
      fieldErrors: { paidBox: DELETE_MESSAGES.paidBox },
    });
  if (paidBox === "refund")
    for (const b of unpacked) {
      const box = await findRefundableBox({ subscriptionId: b.subscriptionId, boxId: b.id, tx });
      if ("ok" in box) throw new Error(`paid box ${b.id} not refundable: ${box.message}`);
      const refunded = await changeOrderStatus(
        box.orderId,
        { status: "refunded" },
        { tx, credit: box.credit },
      );
      if (!refunded.ok) throw new Error(`paid box ${b.id} order not refunded: ${refunded.message}`);
      await recordBoxRefund({
        box,
        requestKey: `account-deleted:refund:${box.id}`,
        who: { userId, subscriptionId: b.subscriptionId, actor: "member" },
        moneyReturned: providerRefunds(box.paymentProvider),
        tx,
      });
    }
  const kept = paidBox === "keep" ? unpacked : [];
  await endAccountSubscriptions(tx, { userId, keptBoxes: kept });
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await forgetNotes(tx, userId);
  await forgetCustomerOrders(tx, {
    userId,
    email: account?.email ?? "",
    keepForDelivery: kept.map((b) => b.orderId),
  });
}
