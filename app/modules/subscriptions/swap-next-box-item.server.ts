// 'Swap an item' on /profile/subscription (issue 21): one item of the member's next box that can
// still be changed for another of its size class, before the cutoff. swapBoxItem keeps the rules
// (same size class, not already in the box, not locked or skipped) and writes the history row;
// the confirmation e-mail's job is queued here, in the swap's transaction, as every other change's
// is (next-box.server.ts can't queue it itself: the e-mail reads the next box from it).
import { failure } from "#app/lib/outcome.ts";
import { BOX_MESSAGES } from "./boxes.schema.ts";
import { currentSubscription, queueChangeEmail } from "./change-subscription.server.ts";
import { swapBoxItem, type BoxChangeOutcome } from "./next-box.server.ts";

export async function swapNextBoxItem(
  input: { itemId?: unknown; replacementId?: unknown },
  who: { userId: string; now?: Date },
): Promise<BoxChangeOutcome> {
  const sub = await currentSubscription(who.userId);
  if (!sub) return failure("not-found", BOX_MESSAGES.notFound);
  return swapBoxItem(
    { subscriptionId: sub.id, itemId: input.itemId, replacementId: input.replacementId },
    { userId: who.userId, now: who.now, swapped: queueChangeEmail },
  );
}
