// 'Swap an item' on /profile/subscription (issue 21): one item of the member's next box that can
// still be changed for another of its size class, before the cutoff. swapBoxItem keeps the rules
// (same size class, not already in the box, not locked or skipped) and writes the history row;
// the confirmation e-mail's job is queued here, in the swap's transaction, as every other change's
// is (next-box.server.ts can't queue it itself: the e-mail reads the next box from it).
import { failure } from "#app/lib/outcome.ts";
import { BOX_MESSAGES } from "./boxes.schema.ts";
import { currentSubscription, queueChangeEmail } from "./change-subscription.server.ts";
import { swapBoxItem, type BoxChangeOutcome, type InSeason } from "./next-box.server.ts";

/**
 * The member's swap. `inSeason` is required: a member is offered, and may choose, only what suits
 * the box's month where they grow (garden's `boxItemInSeason`; issue 39).
 */
export async function swapNextBoxItem(
  input: { itemId?: unknown; replacementId?: unknown; requestKey?: string },
  who: {
    userId: string;
    now?: Date;
    inSeason: InSeason;
    /** "admin:<email>" when an admin swaps for the member (issue 40); "member" by default. */
    actor?: string;
    /** This subscription of theirs (the admin's page) rather than their current one. */
    subscriptionId?: string;
  },
): Promise<BoxChangeOutcome> {
  const subscriptionId = who.subscriptionId ?? (await currentSubscription(who.userId))?.id;
  if (!subscriptionId) return failure("not-found", BOX_MESSAGES.notFound);
  return swapBoxItem(
    { subscriptionId, itemId: input.itemId, replacementId: input.replacementId },
    {
      userId: who.userId,
      now: who.now,
      swapped: queueChangeEmail,
      inSeason: who.inSeason,
      actor: who.actor,
      requestKey: input.requestKey,
    },
  );
}
