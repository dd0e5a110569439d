// Changing the delivery week (issue 21): the next box not yet paid for moves to the new week (in
// the same month when its cutoff hasn't passed, else the month after), and so does its charge.
import { fieldErrors } from "#app/lib/outcome.ts";
import { cutoffOf, DELIVERY_WEEK_LABELS, formatBoxDate, type DeliveryWeek } from "./box-dates.ts";
import {
  changeSubscription,
  notRunning,
  refused,
  type ChangeOutcome,
  type ChangeRequest,
} from "./change-subscription.server.ts";
import { deliveryWeekSchema, MANAGE_MESSAGES } from "./manage.schema.ts";
import { boxChargedAt, boxInWeek } from "./member-calendar.ts";

export async function changeDeliveryWeek(
  raw: unknown,
  who: Omit<ChangeRequest, "requestKey">,
): Promise<ChangeOutcome> {
  const parsed = deliveryWeekSchema.safeParse(raw);
  if (!parsed.success) return refused(MANAGE_MESSAGES.deliveryWeek, fieldErrors(parsed.error));
  const week = parsed.data.deliveryWeek as DeliveryWeek;
  return changeSubscription({ ...who, requestKey: parsed.data.requestKey }, (sub, now) => {
    const stop = notRunning(sub);
    if (stop) return stop;
    if (sub.deliveryWeek === week) return { unchanged: true, message: MANAGE_MESSAGES.sameWeek };
    const box = boxInWeek(boxChargedAt(sub.currentPeriodEnd), week, sub.nextBoxOn, now);
    return {
      type: "week_changed",
      set: { deliveryWeek: week, currentPeriodEnd: cutoffOf(box) },
      data: { fromWeek: sub.deliveryWeek, week, nextBox: box },
      message: `Your boxes now come in ${DELIVERY_WEEK_LABELS[week].toLowerCase()}. The next one not yet paid for comes in the week starting ${formatBoxDate(box)}.`,
    };
  });
}
