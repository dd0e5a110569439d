// 'Pause deliveries' (issue 21): for 1, 2 or 3 months (that many boxes not yet paid for aren't
// sent), or until a date (no box whose week starts by then). Nothing is charged or sent while
// paused (the renewal engine passes paused subscriptions by); a box already paid for still comes.
// Pausing a paused subscription moves its last day. Deliveries resume by themselves before the
// first box after the pause (resumeDuePauses) or when the member resumes them.
import { upcomingBoxOn } from "./box-contents.server.ts";
import { formatBoxDate } from "./box-dates.ts";
import {
  refused,
  statusMove,
  type Decision,
  type SubscriptionRow,
} from "./change-subscription.server.ts";
import { MANAGE_MESSAGES, pauseSchema } from "./manage.schema.ts";
import { memberChange } from "./member-change.server.ts";
import { addDays, addMonths, todayInNz } from "./member-calendar.ts";
import { resumeBox } from "./resume-subscription.server.ts";

/** The longest pause "until a date" can ask for. */
export const LONGEST_PAUSE_MONTHS = 12;

export const pauseSubscription = memberChange(
  pauseSchema,
  { invalid: MANAGE_MESSAGES.pauseFor },
  (input, sub, now) =>
    pauseUntil(
      sub,
      input.pauseFor === "date" ? input.until : pauseEndAfter(sub, Number(input.pauseFor)),
      now,
    ),
);

/** A pause of some months: the day before the box that many months after the upcoming one. */
export function pauseEndAfter(sub: SubscriptionRow, months: number): string {
  return addDays(addMonths(upcomingBoxOn(sub), months), -1);
}

/** The pause itself, also made when a member takes the pause offer instead of cancelling. */
export function pauseUntil(sub: SubscriptionRow, until: string, now: Date): Decision {
  const today = todayInNz(now);
  if (until <= today || until > addMonths(today, LONGEST_PAUSE_MONTHS))
    return refused(MANAGE_MESSAGES.pauseUntil, { until: MANAGE_MESSAGES.pauseUntil });
  if (sub.status === "cancelled") return refused(MANAGE_MESSAGES.cancelled);
  const back = resumeBox({ ...sub, pausedUntil: until }, now, true);
  const paid =
    sub.nextBoxOn > today
      ? ` The box you've paid for (week starting ${formatBoxDate(sub.nextBoxOn)}) still comes.`
      : "";
  const message = `Your deliveries are paused until ${formatBoxDate(until)}: nothing is charged or sent until then.${paid} They resume with the box of the week starting ${formatBoxDate(back)}.`;
  if (sub.status === "paused") {
    if (sub.pausedUntil === until) return { unchanged: true, message };
    return {
      type: "pause_changed",
      set: { pausedUntil: until },
      data: { until, resumesWith: back },
      message,
    };
  }
  const move = statusMove(sub, "paused", "pause", MANAGE_MESSAGES.cantPause);
  if ("ok" in move) return move;
  return {
    type: "paused",
    ...move,
    set: { pausedUntil: until },
    data: { until, resumesWith: back },
    message,
  };
}
