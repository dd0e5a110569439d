// 'Keep my subscription' (issue 21): a cancelled subscription whose paid period hasn't ended runs
// on as before (cancelled → active by undo_cancel, the state machine's only way back).
import { and, eq, inArray, ne } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import { failure } from "#app/lib/outcome.ts";
import { formatBoxDate } from "./box-dates.ts";
import { refused, statusMove } from "./change-subscription.server.ts";
import { requestOnlyChange } from "./member-change.server.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";

export const UNDO_CANCEL_MESSAGES = {
  notCancelled: "Your subscription isn't cancelled.",
  anotherRunning:
    "You've started another subscription since you cancelled this one, so this one can't start again. Manage the new one instead.",
} as const;

export const undoCancelSubscription = requestOnlyChange(async (sub, now, tx) => {
  if (sub.status !== "cancelled" || sub.currentPeriodEnd <= now)
    return refused(UNDO_CANCEL_MESSAGES.notCancelled);
  // A member runs one subscription at a time (a unique index): one started after this was
  // cancelled keeps its place, and this one stays cancelled rather than failing the database.
  const [other] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, sub.userId),
        ne(subscriptions.id, sub.id),
        inArray(subscriptions.status, ["active", "paused", "past_due"]),
      ),
    )
    .limit(1);
  if (other) return failure("conflict", UNDO_CANCEL_MESSAGES.anotherRunning);
  const move = statusMove(sub, "active", "undo_cancel", UNDO_CANCEL_MESSAGES.notCancelled);
  if ("ok" in move) return move;
  return {
    type: "cancel_undone",
    ...move,
    message: `Your subscription continues. Your next box not yet paid for comes in the week starting ${formatBoxDate(upcomingBoxOn(sub))}.`,
  };
});
