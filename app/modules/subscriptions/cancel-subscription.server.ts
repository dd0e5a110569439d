// 'Cancel subscription' (issue 21): the member gives one reason (and was made one matching offer,
// which they refused with 'No thanks, cancel'). The subscription is cancelled now and ends after
// the paid period: a box already paid for still comes, nothing more is charged, and at the
// period's end the calendar job moves it to ended (end-subscriptions.server.ts). Until then the
// member can keep it (undo-cancel-subscription.server.ts).
import { formatBoxDate } from "./box-dates.ts";
import { upcomingBoxClaimed } from "./box-changes.server.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";
import { statusMove } from "./change-subscription.server.ts";
import { cancelSchema, CANCEL_REASONS, MANAGE_MESSAGES } from "./manage.schema.ts";
import { memberChange } from "./member-change.server.ts";

export const CANCEL_MESSAGES = {
  already: "Your subscription is already cancelled.",
} as const;

export const cancelSubscription = memberChange(
  cancelSchema,
  { invalid: MANAGE_MESSAGES.reason },
  async ({ reason }, sub, now, tx) => {
    if (sub.status === "cancelled") return { unchanged: true, message: CANCEL_MESSAGES.already };
    const move = statusMove(sub, "cancelled", "cancel", CANCEL_MESSAGES.already);
    if ("ok" in move) return move;
    const endsOn = sub.currentPeriodEnd > now ? sub.currentPeriodEnd : now;
    const lastDay = formatBoxDate(endsOn.toISOString().slice(0, 10));
    // The renewal is charging the upcoming box right now (ADR 064): it comes, and is the last.
    const charging = (await upcomingBoxClaimed(tx, sub)) ? upcomingBoxOn(sub) : null;
    const paidBox = sub.nextBoxOn >= now.toISOString().slice(0, 10);
    return {
      type: "cancelled",
      ...move,
      set: { pausedUntil: null },
      data: { reason, reasonText: CANCEL_REASONS[reason], endsAt: endsOn.toISOString() },
      message: charging
        ? `Your subscription is cancelled. The box of the week starting ${formatBoxDate(charging)} was already being paid for and still comes; nothing more is charged after it.`
        : paidBox
          ? `Your subscription is cancelled. The box you've paid for (week starting ${formatBoxDate(sub.nextBoxOn)}) still comes; nothing more is charged, and it ends on ${lastDay}.`
          : `Your subscription is cancelled. Nothing more is charged, and it ends on ${lastDay}.`,
    };
  },
);
