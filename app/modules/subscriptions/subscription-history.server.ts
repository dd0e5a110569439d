// A subscription's history (subscription_events) read back, one event at a time: the change a
// request key already made, the latest card change, a box's refund or swap, the first charge.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { subscriptionEvents } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";

export interface HistoryQuery {
  /** The event's type ("charged", "card_updated", …); any type when left out. */
  type?: string;
  /** Fields the event's data must hold, compared as text. */
  data?: Record<string, string>;
  /** Which one when several match: the first or the latest; any when left out. */
  pick?: "first" | "latest";
}

/** One event of the subscription's history that matches, or undefined. */
export async function findHistoryEvent(
  tx: Database,
  subscriptionId: string,
  { type, data = {}, pick }: HistoryQuery,
) {
  const order =
    pick === "first"
      ? [asc(subscriptionEvents.createdAt), asc(subscriptionEvents.id)]
      : pick === "latest"
        ? [desc(subscriptionEvents.createdAt)]
        : [];
  const [found] = await tx
    .select({ id: subscriptionEvents.id, data: subscriptionEvents.data })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, subscriptionId),
        type === undefined ? undefined : eq(subscriptionEvents.type, type),
        ...Object.entries(data).map(
          ([field, value]) => sql`${subscriptionEvents.data}->>${field} = ${value}`,
        ),
      ),
    )
    .orderBy(...order)
    .limit(1);
  return found;
}
