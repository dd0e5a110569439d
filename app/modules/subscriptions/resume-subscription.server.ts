// 'Resume deliveries' (issue 21): a paused subscription runs again, from the member's press or by
// itself the day after a pause's last day (resumeDuePauses, run by the calendar job). When the
// paid period ran out while paused, the next charge is at the cutoff of the first box still ahead.
import { and, eq, lt } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { fieldErrors } from "#app/lib/outcome.ts";
import { cutoffOf, formatBoxDate, type DeliveryWeek } from "./box-dates.ts";
import {
  changeSubscription,
  refused,
  statusMove,
  type ChangeOutcome,
  type ChangeRequest,
  type Decision,
  type SubscriptionRow,
} from "./change-subscription.server.ts";
import { MANAGE_MESSAGES, requestOnlySchema } from "./manage.schema.ts";
import { addDays, boxChargedAt, firstBoxFrom, todayInNz } from "./member-calendar.ts";

function resume(sub: SubscriptionRow, now: Date, by: "member" | "calendar"): Decision {
  if (sub.status !== "paused") return refused(MANAGE_MESSAGES.notPaused);
  const move = statusMove(sub, "active", "resume", MANAGE_MESSAGES.notPaused);
  if ("ok" in move) return move;
  const today = todayInNz(now);
  // A pause that ran past the paid period: the next charge is the next box's cutoff from today.
  const periodOver = sub.currentPeriodEnd <= now;
  const nextBox = periodOver
    ? firstBoxFrom(sub.deliveryWeek as DeliveryWeek, addDays(today, 1))
    : boxChargedAt(sub.currentPeriodEnd);
  const set = periodOver
    ? { pausedUntil: null, currentPeriodStart: now, currentPeriodEnd: cutoffOf(nextBox) }
    : { pausedUntil: null };
  const message =
    by === "member"
      ? `Your deliveries have resumed. Your next box comes in the week starting ${formatBoxDate(nextBox)}.`
      : `Your pause is over and your deliveries have resumed. Your next box comes in the week starting ${formatBoxDate(nextBox)}.`;
  return { type: "resumed", ...move, set, data: { nextBox, by }, message };
}

export async function resumeSubscription(
  raw: unknown,
  who: Omit<ChangeRequest, "requestKey">,
): Promise<ChangeOutcome> {
  const parsed = requestOnlySchema.safeParse(raw);
  if (!parsed.success) return refused(MANAGE_MESSAGES.request, fieldErrors(parsed.error));
  return changeSubscription({ ...who, requestKey: parsed.data.requestKey }, (sub, now) =>
    resume(sub, now, "member"),
  );
}

/** Resumes every pause whose last day has passed (New Zealand dates); answers how many. */
export async function resumeDuePauses(now = new Date()): Promise<number> {
  const due = await db()
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      until: subscriptions.pausedUntil,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "paused"), lt(subscriptions.pausedUntil, todayInNz(now))));
  let resumed = 0;
  for (const sub of due) {
    const outcome = await changeSubscription(
      {
        userId: sub.userId,
        subscriptionId: sub.id,
        requestKey: `resume:${sub.id}:${sub.until}`,
        actor: "system",
        now,
      },
      (row, at) =>
        row.pausedUntil === sub.until
          ? resume(row, at, "calendar")
          : { unchanged: true, message: "" },
    );
    if (outcome.ok && outcome.changed) resumed++;
  }
  return resumed;
}
