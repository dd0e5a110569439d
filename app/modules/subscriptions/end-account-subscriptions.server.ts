// An account's deletion, on the subscriptions' side (ADR 059), inside the deletion's transaction:
// every subscription of the account ends through the state machine (account_deleted) with its
// history row and no e-mail, its saved card is forgotten (the columns cleared here; Stripe's
// PaymentMethod detached by a queued job, after commit, so no network call holds these row locks),
// and the name, e-mail and address go, except that a paid box the member chose to keep still
// needs its name and address on the label until it ships.
import { and, eq, inArray, sql } from "drizzle-orm";
import { boxes, orders, subscriptions } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { FORGOTTEN } from "#app/lib/forgotten.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { forgetSavedCardJob } from "#app/modules/payments/forget-saved-card.server.ts";
import { changeSubscription, statusMove } from "./change-subscription.server.ts";
import { RUNNING_STATUSES } from "./subscription-status.ts";

/** The history's words for a subscription its account's deletion ended. */
export const ACCOUNT_DELETED_ENDED =
  "The account was deleted, so the subscription ended. Nothing more is charged.";

export interface PaidUnpackedBox {
  id: string;
  subscriptionId: string;
  deliverOn: string;
  amount: number;
  currency: string;
  orderId: string;
}

/** The account's boxes that are paid but not packed yet: refunded or still sent, as chosen. */
export async function paidUnpackedBoxes(
  userId: string,
  tx: Database = db(),
): Promise<PaidUnpackedBox[]> {
  const rows = await tx
    .select({
      id: boxes.id,
      subscriptionId: boxes.subscriptionId,
      deliverOn: boxes.deliverOn,
      amount: boxes.amount,
      currency: boxes.currency,
      orderId: boxes.orderId,
    })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .innerJoin(orders, eq(orders.id, boxes.orderId))
    .where(
      and(eq(subscriptions.userId, userId), eq(boxes.status, "charged"), eq(orders.status, "paid")),
    );
  return rows.map((r) => ({ ...r, orderId: r.orderId! }));
}

/** What the delete page says will happen: whether a subscription runs, and which boxes are paid. */
export async function accountMoneyOnDelete(userId: string) {
  const [running] = await db()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...RUNNING_STATUSES, "cancelled"]),
      ),
    )
    .limit(1);
  const paidBoxes = (await paidUnpackedBoxes(userId)).map((b) => ({
    deliverOn: b.deliverOn,
    amount: b.amount,
    currency: b.currency,
  }));
  return { running: Boolean(running), paidBoxes };
}

/** Locks every subscription of the account (id order), so the renewal waits for the deletion. */
export async function lockAccountSubscriptions(tx: Database, userId: string) {
  return tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(subscriptions.id)
    .for("update");
}

/** Ends, unlinks from their card and anonymises every subscription of the account. */
export async function endAccountSubscriptions(
  tx: Database,
  { userId, keptBoxes }: { userId: string; keptBoxes: readonly PaidUnpackedBox[] },
): Promise<number> {
  const subs = await lockAccountSubscriptions(tx, userId);
  let ended = 0;
  for (const sub of subs) {
    if (sub.status !== "ended") {
      const outcome = await changeSubscription(
        {
          tx,
          userId,
          subscriptionId: sub.id,
          requestKey: `account-deleted:${sub.id}`,
          actor: "member",
        },
        (row) => {
          const move = statusMove(row, "ended", "account_deleted", "");
          if ("ok" in move) return move;
          return {
            type: "status",
            ...move,
            data: { event: "account_deleted" },
            message: ACCOUNT_DELETED_ENDED,
            notify: false,
          };
        },
      );
      if (outcome.ok && outcome.changed) ended++;
    }
    if (sub.providerPaymentMethodId)
      await enqueue(
        tx,
        forgetSavedCardJob,
        { provider: sub.paymentProvider, paymentMethodId: sub.providerPaymentMethodId },
        { singletonKey: `forget-card:${sub.providerPaymentMethodId}` },
      );
  }
  const keep = new Set(keptBoxes.map((b) => b.subscriptionId));
  for (const sub of subs)
    await tx
      .update(subscriptions)
      .set({
        providerCustomerId: null,
        providerPaymentMethodId: null,
        cardLabel: null,
        email: FORGOTTEN.email,
        ...(keep.has(sub.id) ? {} : { name: FORGOTTEN.name, address: FORGOTTEN.address }),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, sub.id));
  return ended;
}

/**
 * A deleted account's kept box, once sent (its order shipped or delivered, or refunded after
 * all), no longer needs the label's name and address: they go from the subscription and its box
 * orders. Run by the hourly calendar job; a re-run finds nothing left to forget.
 */
export async function forgetSentBoxes(now = new Date()): Promise<number> {
  const forgotten = FORGOTTEN;
  return db().transaction(async (tx) => {
    const done = (await tx.execute(sql`
      update ${subscriptions} s
         set name = ${forgotten.name}, address = ${JSON.stringify(forgotten.address)}::jsonb,
             updated_at = ${now.toISOString()}::timestamptz
       where s.email = ${forgotten.email} and s.name <> ${forgotten.name} and s.status = 'ended'
         and not exists (
           select 1 from ${boxes} b left join ${orders} o on o.id = b.order_id
            where b.subscription_id = s.id and b.status in ('charged', 'packed')
              and coalesce(o.status, 'paid') in ('paid', 'packed'))
      returning s.id`)) as unknown as { rows: { id: string }[] };
    const ids = done.rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    await tx
      .update(orders)
      .set({ name: forgotten.name, address: forgotten.address, updatedAt: now })
      .where(
        and(
          eq(orders.email, forgotten.email),
          inArray(
            orders.id,
            tx
              .select({ id: sql<string>`${boxes.orderId}` })
              .from(boxes)
              .where(inArray(boxes.subscriptionId, ids)),
          ),
        ),
      );
    return ids.length;
  });
}
