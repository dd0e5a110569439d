// A subscription's e-mail to its member (its start, its boxes, its changes): sent at most once per
// key (ADR 005), to the subscription's own address, and recorded against the subscription; and the
// record such an e-mail is about (a box, a history row) read with its subscription.
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import {
  deliverEmailOnce,
  type DeliveryRequest,
  type DeliveryResult,
} from "#app/modules/notifications/deliver-once.server.ts";

export function deliverSubscriptionEmail(
  sub: { id: string; email: string },
  { key, template, message }: Pick<DeliveryRequest, "key" | "template" | "message">,
): Promise<DeliveryResult> {
  return deliverEmailOnce({
    key,
    template,
    to: sub.email,
    resourceType: "subscription",
    resourceId: sub.id,
    message,
  });
}

/**
 * A record of a subscription's (a box, a history row) by its id, with the subscription: none when
 * either is gone. Typed by the table asked for (drizzle can't tell it through a parameter).
 */
type SubscriptionRecords = PgTable & { id: AnyPgColumn; subscriptionId: AnyPgColumn };

export async function withItsSubscription<T extends SubscriptionRecords>(table: T, id: string) {
  const records: SubscriptionRecords = table;
  const [row] = await db()
    .select({ record: records, sub: subscriptions })
    .from(records)
    .innerJoin(subscriptions, eq(subscriptions.id, records.subscriptionId))
    .where(eq(records.id, id));
  return row as { record: T["$inferSelect"]; sub: typeof subscriptions.$inferSelect } | undefined;
}
