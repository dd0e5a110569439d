// 'Pause deliveries' (issue 21): for 1, 2 or 3 months, or until a date. Nothing is charged or sent
// while paused (the renewal engine skips paused subscriptions); a box already paid for still comes.
// Pausing a paused subscription moves its end. Deliveries resume by themselves after the last day
// (resumeDuePauses in resume-subscription.server.ts) or when the member resumes them.
import { formatBoxDate } from "./box-dates.ts";
import {
  changeSubscription,
  refused,
  statusMove,
  type ChangeOutcome,
  type ChangeRequest,
  type Decision,
  type SubscriptionRow,
} from "./change-subscription.server.ts";
import { MANAGE_MESSAGES, pauseSchema } from "./manage.schema.ts";
import { addDays, addMonths, todayInNz } from "./member-calendar.ts";
import { fieldErrors } from "#app/lib/outcome.ts";

/** The longest pause "until a date" can ask for. */
export const LONGEST_PAUSE_MONTHS = 12;

export async function pauseSubscription(
  raw: unknown,
  who: Omit<ChangeRequest, "requestKey">,
): Promise<ChangeOutcome> {
  const parsed = pauseSchema.safeParse(raw);
  if (!parsed.success) return refused(MANAGE_MESSAGES.pauseFor, fieldErrors(parsed.error));
  const input = parsed.data;
  return changeSubscription({ ...who, requestKey: input.requestKey }, (sub, now) => {
    const today = todayInNz(now);
    const until =
      input.pauseFor === "date" ? input.until : pauseEndAfter(today, Number(input.pauseFor));
    return pauseUntil(sub, until, now);
  });
}

/** "For a month" pauses through the day before the same date next month. */
export function pauseEndAfter(today: string, months: number): string {
  return addDays(addMonths(today, months), -1);
}

/** The pause itself, also made when a member takes the pause offer instead of cancelling. */
export function pauseUntil(sub: SubscriptionRow, until: string, now: Date): Decision {
  const today = todayInNz(now);
  if (until <= today || until > addMonths(today, LONGEST_PAUSE_MONTHS))
    return refused(MANAGE_MESSAGES.pauseUntil, { until: MANAGE_MESSAGES.pauseUntil });
  const resumes = formatBoxDate(addDays(until, 1));
  const message = `Your deliveries are paused until ${formatBoxDate(until)}. Nothing is charged or sent until then; they resume by themselves on ${resumes}.`;
  if (sub.status === "paused") {
    if (sub.pausedUntil === until) return { unchanged: true, message };
    return { type: "pause_changed", set: { pausedUntil: until }, data: { until }, message };
  }
  if (sub.status === "cancelled") return refused(MANAGE_MESSAGES.cancelled);
  const move = statusMove(sub, "paused", "pause", MANAGE_MESSAGES.cantPause);
  if ("ok" in move) return move;
  return { type: "paused", ...move, set: { pausedUntil: until }, data: { until }, message };
}
