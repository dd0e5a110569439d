// A paid box's records (issue 21, ADRs 032 and 046), the same for every box however it was paid:
// the first box, charged when the subscription starts (start-subscription.server.ts), and every
// renewal's (renewal/paid.ts). Each gets one shop order of kind "subscription box"
// (so it is in the member's orders and can be refunded through it), its box row charged with that
// order and the payment's reference, the credit it used, and its "charged" history row. Written in
// the caller's transaction, with the payment: a re-run finds the order by its key, never two.
import { inArray, sql, type SQL } from "drizzle-orm";
import { boxes, orders, subscriptionEvents } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { addCreditEntries } from "#app/modules/credits/credit-ledger.server.ts";
import type { BoxRow, SubscriptionRow } from "./box-contents.server.ts";
import { formatBoxDate } from "./box-dates.ts";

export interface BoxCharge {
  sub: SubscriptionRow;
  box: BoxRow;
  /** The provider's reference for the payment. */
  reference: string;
  /** Which charge attempt paid it (1 for the first). */
  attempt: number;
  /** Cents the member's credit paid (the card paid the rest). */
  credit: number;
  /** The credit's key: the box's first charge key, so a retried attempt applies it once. */
  creditKey: string;
}

/** The shop order's key for a box: one order per subscription and period. */
export function boxOrderKey(subscriptionId: string, deliverOn: string): string {
  return `subscription-box:${subscriptionId}:${deliverOn}`;
}

export function valuesList(rows: SQL[]): SQL {
  return sql`(values ${sql.join(rows, sql`, `)})`;
}

/** Writes each paid box's order, box row, credit and "charged" history row. */
export async function recordBoxCharges(
  tx: Database,
  paid: readonly BoxCharge[],
  now: Date,
): Promise<void> {
  if (paid.length === 0) return;
  await addCreditEntries(
    tx,
    paid
      .filter((p) => p.credit > 0)
      .map(({ sub, box, credit, creditKey }) => ({
        userId: sub.userId,
        amount: -credit,
        kind: "applied_to_box" as const,
        note: `The box of the week starting ${formatBoxDate(box.deliverOn)}.`,
        requestKey: creditKey,
        now,
      })),
  );
  const orderOf = await makeOrders(tx, paid, now);
  const orderFor = (p: BoxCharge) => orderOf.get(boxOrderKey(p.sub.id, p.box.deliverOn))!;
  const rows = paid.map(
    (p) => sql`(${p.box.id}::uuid, ${orderFor(p)}::uuid, ${p.reference}::text, ${p.attempt}::int)`,
  );
  await tx.execute(sql`
    update ${boxes} b
       set status = 'charged', order_id = v.order_id, charge_reference = v.reference,
           attempts = v.attempt, next_attempt_at = null, last_error = null,
           charged_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from ${valuesList(rows)} as v(id, order_id, reference, attempt)
     where b.id = v.id`);
  await tx.insert(subscriptionEvents).values(
    paid.map((p) => ({
      subscriptionId: p.sub.id,
      type: "charged",
      data: {
        box: p.box.deliverOn,
        amount: p.box.amount,
        gst: gstIncluded(p.box.amount),
        reference: p.reference,
        attempt: p.attempt,
        ...(p.credit > 0 ? { credit: p.credit, card: p.box.amount - p.credit } : {}),
        order: orderFor(p),
      },
      actor: "system",
      createdAt: now,
    })),
  );
}

/** One order per box (kind "subscription box"), found by its key when a re-run made it already. */
async function makeOrders(
  tx: Database,
  paid: readonly BoxCharge[],
  now: Date,
): Promise<Map<string, string>> {
  const made = await tx
    .insert(orders)
    .values(
      paid.map(({ sub, box, reference }) => ({
        idempotencyKey: boxOrderKey(sub.id, box.deliverOn),
        kind: "subscription box" as const,
        status: "paid" as const,
        name: sub.name,
        email: sub.email,
        userId: sub.userId,
        address: sub.address,
        shippingMethod: "subscription",
        currency: box.currency,
        subtotal: box.amount,
        shipping: 0,
        gst: gstIncluded(box.amount),
        total: box.amount,
        paymentProvider: sub.paymentProvider,
        paymentReference: reference,
        expiresAt: now,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning({ id: orders.id, key: orders.idempotencyKey });
  const orderOf = new Map(made.map((o) => [o.key, o.id]));
  // An order already there (it can't be, as it is written with its box in one transaction) is
  // found rather than made twice.
  const missing = paid
    .map((p) => boxOrderKey(p.sub.id, p.box.deliverOn))
    .filter((key) => !orderOf.has(key));
  if (missing.length > 0)
    for (const o of await tx
      .select({ id: orders.id, key: orders.idempotencyKey })
      .from(orders)
      .where(inArray(orders.idempotencyKey, missing)))
      orderOf.set(o.key, o.id);
  return orderOf;
}
