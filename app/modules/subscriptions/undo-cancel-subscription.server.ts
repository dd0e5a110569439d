// 'Keep my subscription' (issue 21): a cancelled subscription whose paid period hasn't ended runs
// on as before (cancelled → active by undo_cancel, the state machine's only way back).
import { formatBoxDate } from "./box-dates.ts";
import { refused, statusMove } from "./change-subscription.server.ts";
import { requestOnlyChange } from "./member-change.server.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";

export const UNDO_CANCEL_MESSAGES = {
  notCancelled: "Your subscription isn't cancelled.",
} as const;

export const undoCancelSubscription = requestOnlyChange((sub, now) => {
  if (sub.status !== "cancelled" || sub.currentPeriodEnd <= now)
    return refused(UNDO_CANCEL_MESSAGES.notCancelled);
  const move = statusMove(sub, "active", "undo_cancel", UNDO_CANCEL_MESSAGES.notCancelled);
  if ("ok" in move) return move;
  return {
    type: "cancel_undone",
    ...move,
    message: `Your subscription continues. Your next box not yet paid for comes in the week starting ${formatBoxDate(upcomingBoxOn(sub))}.`,
  };
});
