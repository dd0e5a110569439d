// What the subscription tests read back from the real database after a change: the subscription's
// row, its history (subscription_events) and its box for a delivery week.
import { and, eq } from "drizzle-orm";
import { boxes, subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

export async function rowOf(id: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

export function eventsOf(id: string) {
  return db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));
}

export async function boxOn(id: string, on: string) {
  const [row] = await db()
    .select()
    .from(boxes)
    .where(and(eq(boxes.subscriptionId, id), eq(boxes.deliverOn, on)));
  return row;
}
