// The member's coming boxes, for their calendar feed (issue 39 §8): each box still to come in the
// next 12 months with its delivery date and, while it can still change, its cutoff. A skipped box
// isn't coming, nor is one in a pause (deliveries resume with the box after it), nor, once
// cancelled, any box after the paid one; a new delivery week moves them all. Read only.
import { and, eq, gte } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { addMonths } from "./member-calendar.ts";
import { cutoffOf, nextBoxDate, nzToday, type DeliveryWeek } from "./box-dates.ts";
import { CHANGEABLE_BOX_STATUSES, upcomingBoxOn } from "./box-contents.server.ts";
import { currentSubscription } from "./change-subscription.server.ts";
import { findPlan } from "./plans.ts";
import { resumeBox } from "./resume-subscription.server.ts";

export interface ComingBox {
  subscriptionId: string;
  /** The delivery week starts on this New Zealand date. */
  deliverOn: string;
  /** Until then the member may skip, swap or pause it; null once it is locked or paid. */
  cutoffAt: Date | null;
  /** "1m²" */
  planSize: string;
}

/** How far ahead the feed lists boxes: the year its Saturday sessions cover. */
const MONTHS_AHEAD = 12;

export async function listComingBoxes(userId: string, now = new Date()): Promise<ComingBox[]> {
  const sub = await currentSubscription(userId);
  if (!sub || sub.status === "ended") return [];
  const today = nzToday(now);
  const until = addMonths(today, MONTHS_AHEAD);
  const week = sub.deliveryWeek as DeliveryWeek;
  const dates: string[] = [];
  // The current period's box, paid, while its week hasn't begun.
  if (sub.nextBoxOn >= today) dates.push(sub.nextBoxOn);
  // Then the boxes to be charged: none once cancelled, none while paused for a failed payment,
  // and from the box a pause resumes with.
  const stopped = sub.status === "cancelled" || (sub.status === "paused" && !sub.pausedUntil);
  if (!stopped) {
    let on = sub.status === "paused" ? resumeBox(sub, now, true) : upcomingBoxOn(sub);
    for (; on <= until; on = nextBoxDate(on, week)) dates.push(on);
  }
  if (dates.length === 0) return [];
  const rows = await db()
    .select({ deliverOn: boxes.deliverOn, status: boxes.status, cutoffAt: boxes.cutoffAt })
    .from(boxes)
    .where(and(eq(boxes.subscriptionId, sub.id), gte(boxes.deliverOn, dates[0]!)));
  const rowOn = new Map(rows.map((r) => [r.deliverOn, r]));
  const planSize = findPlan(sub.plan)?.size ?? sub.plan;
  const out: ComingBox[] = [];
  for (const deliverOn of [...new Set(dates)]) {
    const row = rowOn.get(deliverOn);
    if (row && (row.status === "skipped" || row.status === "unpaid")) continue;
    const cutoffAt = row?.cutoffAt ?? cutoffOf(deliverOn, settings().boxCutoffDays);
    const open =
      deliverOn !== sub.nextBoxOn &&
      cutoffAt > now &&
      (!row || CHANGEABLE_BOX_STATUSES.includes(row.status));
    out.push({ subscriptionId: sub.id, deliverOn, cutoffAt: open ? cutoffAt : null, planSize });
  }
  return out;
}
