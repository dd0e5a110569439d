// "Updating the card retries at once" (ADR 032): the member's unpaid box charged with the card now
// saved on the subscription, claimed, charged and recorded as the run's retries are (ADR 064),
// except that it doesn't count towards the scheduled four and leaves their schedule as it was.
import { and, eq, sql } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { savedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import { lockSubscription } from "#app/modules/subscriptions/box-contents.server.ts";
import { boxTargetSchema } from "#app/modules/subscriptions/boxes.schema.ts";
import { creditFor } from "./credit.ts";
import { markClaimed, type Claim } from "./claim.ts";
import { emptyTally, RENEWAL_MESSAGES, type RenewalOptions } from "./rules.ts";
import { settleClaims } from "./run.ts";

export type RetryNowOutcome = Outcome<{ boxId: string }>;

export async function retryNow(
  subscriptionId: unknown,
  options: RenewalOptions & { userId?: string } = {},
): Promise<RetryNowOutcome> {
  const parsed = boxTargetSchema.shape.subscriptionId.safeParse(subscriptionId);
  if (!parsed.success) return failure("not-found", RENEWAL_MESSAGES.notFound);
  const now = options.now ?? new Date();
  const provider = options.provider ?? savedCardProvider();
  if (!provider) return failure("unavailable", RENEWAL_MESSAGES.noProvider);
  const claimed = await db().transaction(async (tx) => {
    const sub = await lockSubscription(tx, parsed.data);
    if (!sub || (options.userId && sub.userId !== options.userId))
      return failure("not-found", RENEWAL_MESSAGES.notFound);
    if (sub.status !== "past_due") return failure("conflict", RENEWAL_MESSAGES.nothingToRetry);
    const [box] = await tx
      .select()
      .from(boxes)
      .where(and(eq(boxes.subscriptionId, sub.id), eq(boxes.status, "payment_failed")))
      .orderBy(sql`${boxes.deliverOn} desc`)
      .limit(1)
      .for("update");
    if (!box) return failure("conflict", RENEWAL_MESSAGES.nothingToRetry);
    if (box.claimedAt) return failure("conflict", RENEWAL_MESSAGES.retryBusy);
    const credit = await creditFor(tx, [{ sub, box }]);
    const item = { sub, box, kind: "member" as const, attempt: box.attempts + 1 };
    return { claims: await markClaimed(tx, [item], credit) };
  });
  if ("ok" in claimed) return claimed;
  const claim: Claim | undefined = claimed.claims[0];
  if (!claim) return failure("conflict", RENEWAL_MESSAGES.retryBusy);
  const run = { now, size: 1, provider, concurrency: 1, leaseMs: 0, tally: emptyTally() };
  const { answers, out } = await settleClaims(run, [claim]);
  const answer = answers[0]!;
  if ("unanswered" in answer) return failure("unavailable", RENEWAL_MESSAGES.retryBusy);
  if (!answer.ok) return failure("invalid", answer.message);
  if (out[0] !== "paid") return failure("conflict", RENEWAL_MESSAGES.nothingToRetry);
  return { ok: true, message: RENEWAL_MESSAGES.paid, boxId: claim.box.id };
}
