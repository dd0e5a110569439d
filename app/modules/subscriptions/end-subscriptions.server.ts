// The end of a cancelled subscription's paid period (issue 21): cancelled → ended by period_over,
// through the state machine, with its history row and e-mail. Run by the calendar job
// (subscription-calendar-job.server.ts); a subscription already ended is left alone.
import { and, eq, lte } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { changeSubscription, statusMove } from "./change-subscription.server.ts";
import { paths } from "#app/lib/paths.ts";

export async function endSubscriptions(now = new Date()): Promise<number> {
  const due = await db()
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "cancelled"), lte(subscriptions.currentPeriodEnd, now)));
  let ended = 0;
  for (const sub of due) {
    const outcome = await changeSubscription(
      {
        userId: sub.userId,
        subscriptionId: sub.id,
        requestKey: `ended:${sub.id}`,
        actor: "system",
        now,
      },
      (row, at) => {
        if (row.status !== "cancelled" || row.currentPeriodEnd > at)
          return { unchanged: true, message: "" };
        const move = statusMove(row, "ended", "period_over", "");
        if ("ok" in move) return move;
        return {
          type: "ended",
          ...move,
          message: `Your subscription has ended. Thank you for growing with us: you can start again any time at ${paths.subscribe()}.`,
        };
      },
    );
    if (outcome.ok && outcome.changed) ended++;
  }
  return ended;
}
