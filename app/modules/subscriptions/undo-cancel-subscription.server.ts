// 'Keep my subscription' (issue 21): a cancelled subscription whose paid period hasn't ended runs
// on as before (cancelled → active by undo_cancel, the state machine's only way back).
import { fieldErrors } from "#app/lib/outcome.ts";
import { formatBoxDate } from "./box-dates.ts";
import {
  changeSubscription,
  refused,
  statusMove,
  type ChangeOutcome,
  type ChangeRequest,
} from "./change-subscription.server.ts";
import { MANAGE_MESSAGES, requestOnlySchema } from "./manage.schema.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";

export const UNDO_CANCEL_MESSAGES = {
  notCancelled: "Your subscription isn't cancelled.",
} as const;

export async function undoCancelSubscription(
  raw: unknown,
  who: Omit<ChangeRequest, "requestKey">,
): Promise<ChangeOutcome> {
  const parsed = requestOnlySchema.safeParse(raw);
  if (!parsed.success) return refused(MANAGE_MESSAGES.request, fieldErrors(parsed.error));
  return changeSubscription({ ...who, requestKey: parsed.data.requestKey }, (sub, now) => {
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
}
