// What a member's change to their subscription does to its box rows not yet locked (issue 21): the
// boxes are ADR 032's (box-contents.server.ts); a box before its cutoff follows the subscription's
// plan, zone and schedule, keeping a member's swaps unless its contents must change. Called inside
// the change's transaction (change-subscription.server.ts), which holds the subscription's lock,
// the same lock the renewal takes before it locks and charges a box.
import { and, eq, gt, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { boxes } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { failure, type Failure } from "#app/lib/outcome.ts";
import {
  CHANGEABLE_BOX_STATUSES,
  contentsFor,
  ensureBox,
  monthOf,
  upcomingBoxOn,
  zoneOf,
  type BoxRow,
  type SubscriptionRow,
} from "./box-contents.server.ts";
import { BOX_MESSAGES } from "./boxes.schema.ts";
import { formatCutoff } from "./next-box.server.ts";

/** The subscription's boxes that can still change, locked. */
async function changeableBoxes(tx: Database, sub: SubscriptionRow, now: Date): Promise<BoxRow[]> {
  return tx
    .select()
    .from(boxes)
    .where(
      and(
        eq(boxes.subscriptionId, sub.id),
        inArray(boxes.status, [...CHANGEABLE_BOX_STATUSES]),
        gt(boxes.cutoffAt, now),
        isNull(boxes.claimedAt),
      ),
    )
    .for("update");
}

/**
 * Whether the subscription's upcoming box is claimed: the renewal is charging it now (ADR 064), so
 * it comes as it was, and a change (a plan, a cancel) counts from the box after.
 */
export async function upcomingBoxClaimed(tx: Database, sub: SubscriptionRow): Promise<boolean> {
  const [claimed] = await tx
    .select({ id: boxes.id })
    .from(boxes)
    .where(
      and(
        eq(boxes.subscriptionId, sub.id),
        eq(boxes.deliverOn, upcomingBoxOn(sub)),
        isNotNull(boxes.claimedAt),
      ),
    );
  return Boolean(claimed);
}

/** A new plan: the open boxes get its contents and price (a discount on one is kept in proportion). */
export async function boxesFollowPlan(
  tx: Database,
  sub: SubscriptionRow,
  oldPrice: number,
  now: Date,
): Promise<void> {
  for (const box of await changeableBoxes(tx, sub, now)) {
    await tx
      .update(boxes)
      .set({
        plan: sub.plan,
        items: await contentsFor(tx, monthOf(box.deliverOn), box.zone, sub.plan),
        amount: Math.round((sub.price * box.amount) / Math.max(oldPrice, 1)),
        updatedAt: now,
      })
      .where(eq(boxes.id, box.id));
  }
}

/** A new address: when its climate zone differs, the open boxes get that zone's contents. */
export async function boxesFollowZone(
  tx: Database,
  sub: SubscriptionRow,
  now: Date,
): Promise<void> {
  const zone = zoneOf(sub);
  for (const box of await changeableBoxes(tx, sub, now)) {
    if (box.zone === zone) continue;
    await tx
      .update(boxes)
      .set({
        zone,
        items: await contentsFor(tx, monthOf(box.deliverOn), zone, box.plan),
        updatedAt: now,
      })
      .where(eq(boxes.id, box.id));
  }
}

/** A new delivery week: open boxes on the old schedule go (a skipped one stays as it was). */
export async function boxesFollowWeek(
  tx: Database,
  sub: SubscriptionRow,
  now: Date,
): Promise<void> {
  await tx
    .delete(boxes)
    .where(
      and(
        eq(boxes.subscriptionId, sub.id),
        eq(boxes.status, "scheduled"),
        gt(boxes.cutoffAt, now),
        ne(boxes.deliverOn, upcomingBoxOn(sub)),
      ),
    );
}

/**
 * The upcoming box (the one the next renewal charges), locked, while it can still change; or the
 * refusal in the box API's words when its cutoff has passed or it is paid.
 */
export async function openUpcomingBox(
  tx: Database,
  sub: SubscriptionRow,
  now: Date,
): Promise<BoxRow | Failure> {
  const box = await ensureBox(tx, sub, upcomingBoxOn(sub), { lock: true, now });
  // Claimed: the renewal is charging it (ADR 064), whatever this request's clock says.
  if (now >= box.cutoffAt || box.claimedAt)
    return failure("conflict", BOX_MESSAGES.locked(formatCutoff(box.cutoffAt)));
  if (!CHANGEABLE_BOX_STATUSES.includes(box.status))
    return failure("conflict", BOX_MESSAGES.alreadyPaid);
  return box;
}
