// Step 3 of a charge (ADR 064): the provider's answers recorded in one short transaction. The
// subscriptions and boxes are locked again (briefly: nothing slow happens under these locks) and
// read afresh, and each claim is recorded only if its box still carries its key (a run that
// resumed the same claim and recorded it first leaves nothing to do). What changed while the
// card was charged decides what is written:
// - still running, or cancelled or paused meanwhile: the box is paid (it was past its cutoff when
//   claimed; a cancel or pause counts from the next box, as it would a second after a renewal);
// - the account deleted (the subscription ended) meanwhile: the deletion wins, the card part is
//   refunded at the provider BEFORE this transaction (idempotency key refund:<charge key>) and
//   the box is not sent. A deletion that lands after that check leaves the claim in place: the
//   next run resumes it, is answered the same charge and refunds it then.
// Answers that never came (charge.ts) leave their claims for the next run.
import { inArray } from "drizzle-orm";
import { boxes, subscriptions } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import type { SavedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import type { BoxRow, SubscriptionRow } from "#app/modules/subscriptions/box-contents.server.ts";
import type { Answer } from "./charge.ts";
import type { Claim } from "./claim.ts";
import { recordFirstFailures, recordRetryFailure } from "./failures.ts";
import { liveAccounts, recordEvents } from "./history.ts";
import { recordPaid } from "./paid.ts";
import { REFUNDED_IN_FLIGHT, type RenewalTally } from "./rules.ts";

/** What became of each claim, for the tally and retryNow. */
export type Recorded = "paid" | "failed" | "unpaid" | "refunded" | "left";

const cardPaid = (reference: string) => !reference.startsWith("credit:");
const isOver = (sub: SubscriptionRow | undefined, live: Set<string>) =>
  !sub || sub.status === "ended" || !live.has(sub.userId);

/** Refunds, outside any transaction, the successful charges whose subscription has ended. */
async function refundEnded(
  provider: SavedCardProvider,
  claims: readonly Claim[],
  answers: readonly Answer[],
): Promise<Set<string>> {
  const paid = claims.filter((_, i) => "ok" in answers[i]! && answers[i]!.ok);
  const refunded = new Set<string>();
  if (paid.length === 0) return refunded;
  const now = await db()
    .select()
    .from(subscriptions)
    .where(
      inArray(
        subscriptions.id,
        paid.map((c) => c.sub.id),
      ),
    );
  const byId = new Map(now.map((s) => [s.id, s]));
  const live = await liveAccounts(
    db(),
    now.map((s) => s.userId),
  );
  for (const claim of paid) {
    if (!isOver(byId.get(claim.sub.id), live)) continue;
    const answer = answers[claims.indexOf(claim)] as { ok: true; reference: string };
    if (cardPaid(answer.reference))
      await provider.refundCharge(answer.reference, `refund:${claim.key}`);
    refunded.add(claim.key);
  }
  return refunded;
}

export async function recordClaims(
  provider: SavedCardProvider,
  claims: readonly Claim[],
  answers: readonly Answer[],
  now: Date,
): Promise<Recorded[]> {
  const out: Recorded[] = claims.map(() => "left");
  if (claims.length === 0) return out;
  const refunded = await refundEnded(provider, claims, answers);
  await db().transaction(async (tx) => {
    // Subscriptions first, then boxes, each in id order: the order the member's changes take.
    const subIds = [...new Set(claims.map((c) => c.sub.id))].sort();
    const subs = await tx
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.id, subIds))
      .orderBy(subscriptions.id)
      .for("update");
    const subOf = new Map(subs.map((s) => [s.id, s]));
    const boxRows = await tx
      .select()
      .from(boxes)
      .where(
        inArray(
          boxes.id,
          claims.map((c) => c.box.id),
        ),
      )
      .orderBy(boxes.id)
      .for("update");
    const boxOf = new Map(boxRows.map((b) => [b.id, b]));
    const live = await liveAccounts(
      tx,
      subs.map((s) => s.userId),
    );
    const paid: Parameters<typeof recordPaid>[1][number][] = [];
    const firstFailures: { sub: SubscriptionRow; box: BoxRow; message: string }[] = [];
    const done: string[] = [];
    for (const [i, claim] of claims.entries()) {
      const answer = answers[i]!;
      const box = boxOf.get(claim.box.id);
      const sub = subOf.get(claim.sub.id);
      if ("unanswered" in answer || !box || !sub) continue;
      if (box.claimedAt === null || box.claimKey !== claim.key) continue;
      if (answer.ok && isOver(sub, live)) {
        if (!refunded.has(claim.key)) continue; // ended after the check: refunded next run
        await refundedInFlight(tx, sub, box, answer.reference, now);
        out[i] = "refunded";
      } else if (answer.ok) {
        paid.push({
          sub,
          box,
          reference: answer.reference,
          attempt: claim.attempt,
          credit: claim.credit,
        });
        out[i] = "paid";
      } else if (claim.kind === "renewal") {
        firstFailures.push({ sub, box, message: answer.message });
        out[i] = "failed";
      } else {
        out[i] = await recordRetryFailure(
          tx,
          { sub, box },
          { attempt: claim.attempt, message: answer.message, scheduled: claim.kind === "retry" },
          now,
        );
      }
      done.push(box.id);
    }
    await releaseClaims(tx, done);
    await recordPaid(tx, paid, now);
    await recordFirstFailures(tx, firstFailures, now);
  });
  return out;
}

/** The claims recorded: no longer claimed, their held credit (now a ledger row, or not) let go. */
async function releaseClaims(tx: Database, boxIds: readonly string[]): Promise<void> {
  if (boxIds.length === 0) return;
  await tx
    .update(boxes)
    .set({
      claimedAt: null,
      claimKey: null,
      claimAttempt: null,
      claimKind: null,
      claimCharge: null,
      creditHeld: 0,
    })
    .where(inArray(boxes.id, boxIds));
}

/** A box charged while its account was deleted: refunded already, not sent, in the history. */
async function refundedInFlight(
  tx: Database,
  sub: SubscriptionRow,
  box: BoxRow,
  reference: string,
  now: Date,
): Promise<void> {
  await tx
    .update(boxes)
    .set({ status: "unpaid", lastError: REFUNDED_IN_FLIGHT, nextAttemptAt: null, updatedAt: now })
    .where(inArray(boxes.id, [box.id]));
  await recordEvents(
    tx,
    [
      {
        subscriptionId: sub.id,
        type: "charge_refunded",
        data: { box: box.deliverOn, reference, reason: "account_deleted" },
      },
    ],
    now,
  );
}

/** Adds one batch's outcomes to the run's tally. */
export function countOutcomes(tally: RenewalTally, claims: readonly Claim[], out: Recorded[]) {
  for (const [i, claim] of claims.entries()) {
    const o = out[i]!;
    if (o === "left") tally.unfinished++;
    else if (o === "refunded") tally.refunded++;
    else if (claim.kind === "renewal") {
      if (o === "paid") tally.charged++;
      else tally.failed++;
    } else if (claim.kind === "retry") {
      if (o === "paid") tally.retriesPaid++;
      else if (o === "unpaid") tally.unpaid++;
      else tally.retriesFailed++;
    }
  }
}
