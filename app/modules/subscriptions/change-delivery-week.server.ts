// Changing the delivery week (issue 21): from the next box not yet paid for (the month after the
// box on its way), boxes come in the new week, and the next charge moves to that box's cutoff.
// A box already paid for comes as planned. The new week's first packing day must have room
// (issue 40, ADR 077 addendum): its place is taken under that day's lock, the subscription's own
// boxes not counted against it.
import { settings } from "#app/lib/env.server.ts";
import { failure } from "#app/lib/outcome.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";
import { boxesFollowWeek } from "./box-changes.server.ts";
import { cutoffOf, DELIVERY_WEEK_LABELS, formatBoxDate, type DeliveryWeek } from "./box-dates.ts";
import { notRunning, refused } from "./change-subscription.server.ts";
import { deliveryWeekSchema, MANAGE_MESSAGES } from "./manage.schema.ts";
import { memberChange } from "./member-change.server.ts";
import { takeWeekChangePlace } from "./packing-capacity.server.ts";

export const changeDeliveryWeek = memberChange(
  deliveryWeekSchema,
  { invalid: MANAGE_MESSAGES.deliveryWeek },
  async (input, sub, now, tx) => {
    const week = input.deliveryWeek as DeliveryWeek;
    const stop = notRunning(sub);
    if (stop) return stop;
    if (sub.deliveryWeek === week) return { unchanged: true, message: MANAGE_MESSAGES.sameWeek };
    const box = upcomingBoxOn({ nextBoxOn: sub.nextBoxOn, deliveryWeek: week });
    const cutoff = cutoffOf(box, settings().boxCutoffDays);
    if (cutoff <= now) return refused(MANAGE_MESSAGES.weekTooLate);
    const full = await takeWeekChangePlace(tx, box, sub.id);
    if (full) return failure("conflict", full, { fieldErrors: { deliveryWeek: full } });
    return {
      type: "week_changed",
      set: { deliveryWeek: week, currentPeriodEnd: cutoff },
      data: { fromWeek: sub.deliveryWeek, week, nextBox: box },
      after: (tx, changed) => boxesFollowWeek(tx, changed, now),
      message: `Your boxes now come in ${DELIVERY_WEEK_LABELS[week].toLowerCase()}, starting with the box of the week starting ${formatBoxDate(box)}.`,
    };
  },
);
