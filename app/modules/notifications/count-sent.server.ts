// How many messages of a run are sent: the records whose idempotency key starts with the run's
// prefix (e.g. "launch:Otago:", "tips:2026-12:") and are marked sent.
import { and, count, eq, like } from "drizzle-orm";
import { notifications } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server.ts";

export async function countSent(keyPrefix: string): Promise<number> {
  const [row] = await db()
    .select({ sent: count() })
    .from(notifications)
    .where(
      and(like(notifications.idempotencyKey, `${keyPrefix}%`), eq(notifications.status, "sent")),
    );
  return Number(row?.sent ?? 0);
}
