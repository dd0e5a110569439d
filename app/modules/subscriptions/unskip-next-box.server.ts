// Putting a skipped box back (issue 21): before its cutoff, the upcoming box is packed, sent and
// charged as usual again.
import { eq } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import { fieldErrors } from "#app/lib/outcome.ts";
import { openUpcomingBox } from "./box-changes.server.ts";
import { formatBoxDate } from "./box-dates.ts";
import {
  changeSubscription,
  notRunning,
  refused,
  type ChangeOutcome,
  type ChangeRequest,
} from "./change-subscription.server.ts";
import { MANAGE_MESSAGES, requestOnlySchema } from "./manage.schema.ts";

export const UNSKIP_MESSAGES = {
  notSkipped: "Your next box isn't skipped.",
} as const;

export async function unskipNextBox(
  raw: unknown,
  who: Omit<ChangeRequest, "requestKey">,
): Promise<ChangeOutcome> {
  const parsed = requestOnlySchema.safeParse(raw);
  if (!parsed.success) return refused(MANAGE_MESSAGES.request, fieldErrors(parsed.error));
  return changeSubscription(
    { ...who, requestKey: parsed.data.requestKey },
    async (sub, now, tx) => {
      const stop = notRunning(sub);
      if (stop) return stop;
      const box = await openUpcomingBox(tx, sub, now);
      if ("ok" in box) return box;
      if (box.status !== "skipped") return { unchanged: true, message: UNSKIP_MESSAGES.notSkipped };
      return {
        type: "box_unskipped",
        data: { box: box.deliverOn },
        after: async (t) => {
          await t
            .update(boxes)
            .set({ status: "scheduled", updatedAt: now })
            .where(eq(boxes.id, box.id));
        },
        message: `The box of the week starting ${formatBoxDate(box.deliverOn)} is back on: it's packed, sent and charged as usual.`,
      };
    },
  );
}
