// Putting a skipped box back (issue 21): before its cutoff, the upcoming box is packed, sent and
// charged as usual again.
import { eq } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import { formatBoxDate } from "./box-dates.ts";
import { requestOnlyChange, runningUpcomingBox } from "./member-change.server.ts";

export const UNSKIP_MESSAGES = {
  notSkipped: "Your next box isn't skipped.",
} as const;

export const unskipNextBox = requestOnlyChange(async (sub, now, tx) => {
  const box = await runningUpcomingBox(tx, sub, now);
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
});
