// Changing one box before its cutoff (issue 21, ADR 032): `changeBox` runs a change in one
// transaction holding the subscription's and the box's row locks, which the renewal also takes
// before locking and charging a box, so a change either lands before the box locks or is refused
// with the cutoff it missed; `skipBox` and `unskipBox` are its simplest changes.
import { eq } from "drizzle-orm";
import { boxes, subscriptionEvents } from "#db/schema/index.ts";
import type { BoxStatus } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { failure } from "#app/lib/outcome.ts";
import type { DeliveryWeek } from "./box-dates.ts";
import {
  CHANGEABLE_BOX_STATUSES,
  ensureBox,
  lockSubscription,
  upcomingBoxOn,
  type BoxRow,
  type SubscriptionRow,
} from "./box-contents.server.ts";
import {
  BOX_MESSAGES,
  boxTargetSchema,
  type swapBoxItemSchema,
  type BoxTarget,
} from "./boxes.schema.ts";
import { formatCutoff, view, type BoxChangeOutcome, type Owner } from "./next-box-view.server.ts";

/** Which box a change is for: the one given (a later delivery on the schedule) or the upcoming one. */
function targetOf(sub: SubscriptionRow, target: BoxTarget): string | null {
  const upcoming = upcomingBoxOn(sub);
  if (!target.deliverOn) return upcoming;
  const on = target.deliverOn;
  const startDay = ((sub.deliveryWeek as DeliveryWeek) - 1) * 7 + 1;
  const ahead = Date.parse(on) - Date.parse(upcoming);
  const onSchedule = Number(on.slice(8, 10)) === startDay;
  // Up to a year ahead, on the subscription's delivery week.
  return onSchedule && ahead >= 0 && ahead <= 366 * 86_400_000 ? on : null;
}

/**
 * Runs a change to one box in a transaction: the subscription must be running and the member's,
 * the box before its cutoff and not paid; `change` gets the locked box row.
 */
export async function changeBox(
  raw: unknown,
  owner: Owner,
  change: (tx: Database, sub: SubscriptionRow, box: BoxRow, now: Date) => Promise<BoxChangeOutcome>,
  schema: typeof boxTargetSchema | typeof swapBoxItemSchema = boxTargetSchema,
): Promise<BoxChangeOutcome> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]?.message ?? BOX_MESSAGES.invalid);
  const input = parsed.data;
  const now = owner.now ?? new Date();
  return db().transaction(async (tx) => {
    const sub = await lockSubscription(tx, input.subscriptionId);
    if (!sub || (owner.userId && sub.userId !== owner.userId))
      return failure("not-found", BOX_MESSAGES.notFound);
    if (sub.status === "cancelled" || sub.status === "ended")
      return failure("conflict", BOX_MESSAGES.notRunning);
    const on = targetOf(sub, input);
    if (!on) return failure("not-found", BOX_MESSAGES.noBox);
    const box = await ensureBox(tx, sub, on, { lock: true, now });
    if (now >= box.cutoffAt)
      return failure("conflict", BOX_MESSAGES.locked(formatCutoff(box.cutoffAt)));
    if (!CHANGEABLE_BOX_STATUSES.includes(box.status))
      return failure("conflict", BOX_MESSAGES.alreadyPaid);
    return change(tx, sub, box, now);
  });
}

async function setStatus(
  tx: Database,
  sub: SubscriptionRow,
  box: BoxRow,
  status: BoxStatus,
  now: Date,
  actor: string,
): Promise<BoxRow> {
  const [updated] = await tx
    .update(boxes)
    .set({ status, updatedAt: now })
    .where(eq(boxes.id, box.id))
    .returning();
  await tx.insert(subscriptionEvents).values({
    subscriptionId: sub.id,
    type: status === "skipped" ? "box_skipped" : "box_unskipped",
    data: { box: box.deliverOn },
    actor,
    createdAt: now,
  });
  return updated!;
}

/** A change that puts a box `to` a status before its cutoff; a box already there is no change. */
function boxStatusChange(to: "skipped" | "scheduled", message: string) {
  return (raw: unknown, owner: Owner & { actor?: string } = {}): Promise<BoxChangeOutcome> =>
    changeBox(raw, owner, async (tx, sub, box, now) => {
      const row =
        box.status === to ? box : await setStatus(tx, sub, box, to, now, owner.actor ?? "member");
      return { ok: true, message, box: view(sub, row, now) };
    });
}

/** Skips a box before its cutoff: it isn't charged, packed or sent. Skipping twice is no change. */
export const skipBox = boxStatusChange("skipped", BOX_MESSAGES.skipped);

/** Puts a skipped box back before its cutoff. */
export const unskipBox = boxStatusChange("scheduled", BOX_MESSAGES.unskipped);
