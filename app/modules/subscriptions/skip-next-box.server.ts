// 'Skip this box' (issue 21): the next box not yet paid for (the upcoming box, ADR 032) isn't
// packed, sent or charged; the one after comes as usual. Only before its cutoff. The member's
// change goes through change-subscription.server.ts (request key, history, e-mail); the box row is
// the box model's own (box-contents.server.ts), so the renewal and the packing list see the skip.
import { eq } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { formatBoxDate, nextBoxDate, type DeliveryWeek } from "./box-dates.ts";
import { refused, type Decision, type SubscriptionRow } from "./change-subscription.server.ts";
import { requestOnlyChange, runningUpcomingBox } from "./member-change.server.ts";

export const SKIP_MESSAGES = {
  paused: "Your deliveries are paused, so there's no box to skip.",
} as const;

/** The skip itself, also made when a member takes the skip offer instead of cancelling. */
export async function skipDecision(
  tx: Database,
  sub: SubscriptionRow,
  now: Date,
): Promise<Decision> {
  if (sub.status === "paused") return refused(SKIP_MESSAGES.paused);
  const box = await runningUpcomingBox(tx, sub, now);
  if ("ok" in box) return box;
  const after = formatBoxDate(nextBoxDate(box.deliverOn, sub.deliveryWeek as DeliveryWeek));
  const message = `The box of the week starting ${formatBoxDate(box.deliverOn)} is skipped: it isn't charged or sent. Your next box comes in the week starting ${after}.`;
  if (box.status === "skipped") return { unchanged: true, message };
  return {
    type: "box_skipped",
    data: { box: box.deliverOn },
    after: async (t) => {
      await t.update(boxes).set({ status: "skipped", updatedAt: now }).where(eq(boxes.id, box.id));
    },
    message,
  };
}

export const skipNextBox = requestOnlyChange((sub, now, tx) => skipDecision(tx, sub, now));
