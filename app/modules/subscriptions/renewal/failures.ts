// Declined charges (ADR 032): a first failure makes the subscription past_due and schedules the
// retries at 1, 3, 5 and 7 days; each failed retry moves the schedule on (from the first failure)
// with its e-mail; after the last the box goes unpaid and the subscription pauses (state machine:
// past_due → paused). A retry the member starts (a new card) doesn't count towards the four.
import { eq, inArray } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import type { BoxRow, SubscriptionRow } from "#app/modules/subscriptions/box-contents.server.ts";
import { transition } from "#app/modules/subscriptions/subscription-status.ts";
import { queueEmails } from "./emails.ts";
import { moveSubscriptions, recordEvents } from "./history.ts";
import { advancePeriods } from "./periods.ts";
import { DAY, RETRY_DAYS } from "./rules.ts";

type Row = { sub: SubscriptionRow; box: BoxRow };

/** A first charge declined: the box waits for its retries and the subscription is past due. */
export async function recordFirstFailures(
  tx: Database,
  failed: readonly (Row & { message: string })[],
  now: Date,
): Promise<void> {
  if (failed.length === 0) return;
  const nextAt = new Date(now.getTime() + RETRY_DAYS[0] * DAY);
  await tx
    .update(boxes)
    .set({
      status: "payment_failed",
      attempts: 1,
      retries: 0,
      nextAttemptAt: nextAt,
      updatedAt: now,
    })
    .where(
      inArray(
        boxes.id,
        failed.map((f) => f.box.id),
      ),
    );
  // The provider's words for a decline, kept per box for the admin.
  for (const f of failed)
    await tx.update(boxes).set({ lastError: f.message }).where(eq(boxes.id, f.box.id));
  await moveSubscriptions(
    tx,
    failed,
    { to: "past_due", event: "payment_failed", now },
    ({ box, message }) => ({
      type: "payment_failed",
      data: { box: box.deliverOn, attempt: 1, message, nextAttemptAt: nextAt.toISOString() },
    }),
  );
  await queueEmails(
    tx,
    failed.map(({ box }) => ({
      boxId: box.id,
      kind: "payment_failed",
      attempt: 1,
      nextAttemptAt: nextAt.toISOString(),
    })),
  );
}

/** A retry declined: scheduled again, or (the last scheduled one) given up. */
export async function recordRetryFailure(
  tx: Database,
  row: Row,
  { attempt, message, scheduled }: { attempt: number; message: string; scheduled: boolean },
  now: Date,
): Promise<"failed" | "unpaid"> {
  const retries = row.box.retries + (scheduled ? 1 : 0);
  if (scheduled && retries >= RETRY_DAYS.length) {
    await giveUp(tx, row, attempt, message, now);
    return "unpaid";
  }
  // The schedule counts from the first failure: each retry's time plus the gap to the next.
  const nextAt =
    scheduled && row.box.nextAttemptAt
      ? new Date(
          row.box.nextAttemptAt.getTime() + (RETRY_DAYS[retries]! - RETRY_DAYS[retries - 1]!) * DAY,
        )
      : row.box.nextAttemptAt;
  await tx
    .update(boxes)
    .set({ attempts: attempt, retries, nextAttemptAt: nextAt, lastError: message, updatedAt: now })
    .where(eq(boxes.id, row.box.id));
  await recordEvents(
    tx,
    [
      {
        subscriptionId: row.sub.id,
        type: "payment_failed",
        data: {
          box: row.box.deliverOn,
          attempt,
          message,
          nextAttemptAt: nextAt?.toISOString() ?? null,
          byMember: !scheduled,
        },
      },
    ],
    now,
  );
  if (scheduled)
    await queueEmails(tx, [
      {
        boxId: row.box.id,
        kind: "retry_failed",
        attempt,
        ...(nextAt ? { nextAttemptAt: nextAt.toISOString() } : {}),
      },
    ]);
  return "failed";
}

/** The last retry failed: the box won't be sent and the subscription pauses (not cancels). */
async function giveUp(
  tx: Database,
  { sub, box }: Row,
  attempt: number,
  message: string,
  now: Date,
): Promise<void> {
  await tx
    .update(boxes)
    .set({
      status: "unpaid",
      attempts: attempt,
      retries: RETRY_DAYS.length,
      nextAttemptAt: null,
      lastError: message,
      updatedAt: now,
    })
    .where(eq(boxes.id, box.id));
  const move = transition(sub.status, "paused", "retries_exhausted");
  await advancePeriods(
    tx,
    [{ sub, on: box.deliverOn, ...(move.ok ? { status: "paused" as const } : {}) }],
    now,
  );
  await recordEvents(
    tx,
    [
      {
        subscriptionId: sub.id,
        type: "status",
        ...(move.ok ? { fromStatus: sub.status, toStatus: "paused" as const } : {}),
        data: { event: "retries_exhausted", box: box.deliverOn, attempt, message },
      },
    ],
    now,
  );
  await queueEmails(tx, [{ boxId: box.id, kind: "paused", attempt }]);
}
