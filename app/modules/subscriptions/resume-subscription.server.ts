// 'Resume deliveries' (issue 21): a paused subscription runs again, from the member's press or by
// itself (resumeDuePauses, run by the calendar job) a day before the cutoff of the first box after
// the pause's last day. The next charge is that box's cutoff: when it isn't the upcoming box any
// more, the period moves on to it (the boxes in between were never sent or charged).
import { and, eq, isNotNull } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { upcomingBoxOn } from "./box-contents.server.ts";
import { cutoffOf, formatBoxDate, type DeliveryWeek } from "./box-dates.ts";
import {
  changeSubscription,
  refused,
  statusMove,
  type Decision,
  type SubscriptionRow,
} from "./change-subscription.server.ts";
import { MANAGE_MESSAGES } from "./manage.schema.ts";
import { requestOnlyChange } from "./member-change.server.ts";
import { boxBefore, resumeBoxOf } from "./member-calendar.ts";

/** How long before the first box after a pause its subscription resumes by itself. */
const RESUME_AHEAD_MS = 86_400_000;

/** The box a paused subscription resumes with, now (the member) or after its pause (the calendar). */
export function resumeBox(sub: SubscriptionRow, now: Date, afterPause: boolean): string {
  return resumeBoxOf(
    upcomingBoxOn(sub),
    sub.deliveryWeek as DeliveryWeek,
    now,
    settings().boxCutoffDays,
    afterPause ? sub.pausedUntil : null,
  );
}

function resume(sub: SubscriptionRow, now: Date, by: "member" | "calendar"): Decision {
  if (sub.status !== "paused") return refused(MANAGE_MESSAGES.notPaused);
  const move = statusMove(sub, "active", "resume", MANAGE_MESSAGES.notPaused);
  if ("ok" in move) return move;
  const box = resumeBox(sub, now, by === "calendar");
  const moved = box !== upcomingBoxOn(sub);
  const set = moved
    ? {
        pausedUntil: null,
        nextBoxOn: boxBefore(box, sub.deliveryWeek as DeliveryWeek),
        currentPeriodStart: now,
        currentPeriodEnd: cutoffOf(box, settings().boxCutoffDays),
      }
    : { pausedUntil: null };
  const lead = by === "member" ? "Your deliveries have resumed." : "Your pause is over.";
  return {
    type: "resumed",
    ...move,
    set,
    data: { nextBox: box, by },
    message: `${lead} Your next box comes in the week starting ${formatBoxDate(box)}.`,
  };
}

export const resumeSubscription = requestOnlyChange((sub, now) => resume(sub, now, "member"));

/** Resumes every pause whose first box after it is about to be charged; answers how many. */
export async function resumeDuePauses(now = new Date()): Promise<number> {
  const paused = await db()
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "paused"), isNotNull(subscriptions.pausedUntil)));
  let resumed = 0;
  for (const sub of paused) {
    const box = resumeBox(sub, now, true);
    if (now.getTime() < cutoffOf(box, settings().boxCutoffDays).getTime() - RESUME_AHEAD_MS)
      continue;
    const outcome = await changeSubscription(
      {
        userId: sub.userId,
        subscriptionId: sub.id,
        requestKey: `resume:${sub.id}:${sub.pausedUntil}`,
        actor: "system",
        now,
      },
      (row, at) =>
        row.status === "paused" && row.pausedUntil === sub.pausedUntil
          ? resume(row, at, "calendar")
          : { unchanged: true, message: "" },
    );
    if (outcome.ok && outcome.changed) resumed++;
  }
  return resumed;
}
