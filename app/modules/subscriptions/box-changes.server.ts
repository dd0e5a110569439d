// What a member's change to their subscription does to its box rows not yet locked (issue 21): the
// boxes are ADR 032's (box-contents.server.ts); a box before its cutoff follows the subscription's
// plan, zone and schedule, keeping a member's swaps unless its contents must change. Called inside
// the change's transaction (change-subscription.server.ts), which holds the subscription's lock,
// the same lock the renewal takes before it locks and charges a box.
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { boxes, boxItems, subscriptionEvents, type BoxLine } from "#db/schema/index.ts";
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

/** The subscription's boxes that can still change, locked (unless only read for a preview). */
async function changeableBoxes(
  tx: Database,
  sub: SubscriptionRow,
  now: Date,
  lock = true,
): Promise<BoxRow[]> {
  const query = tx
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
    .orderBy(asc(boxes.deliverOn));
  return lock ? query.for("update") : query;
}

/** A member's swap still in a box: the item it first replaced, and the item now in its place. */
export interface BoxSwap {
  /** The box's delivery date. */
  box: string;
  from: { id: string; name: string };
  to: { id: string; name: string };
  /** Whether the swap stays in the box under the new plan (only set by `planSwaps`). */
  kept?: boolean;
}

/** Names one swap across a plan change, for the confirmation and the change's own checks. */
export const swapKey = (swap: BoxSwap) => `${swap.box}:${swap.from.id}:${swap.to.id}`;

/**
 * The swaps still in these boxes, from the history: a chain (carrots for beetroot, then beetroot
 * for radish) is one swap from the first item to the last; a swap undone, or whose item has left
 * the box since (a new zone's contents), is none.
 */
async function swapsIn(tx: Database, sub: SubscriptionRow, rows: BoxRow[]): Promise<BoxSwap[]> {
  if (rows.length === 0) return [];
  const events = await tx
    .select({ data: subscriptionEvents.data })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, sub.id),
        eq(subscriptionEvents.type, "box_item_swapped"),
      ),
    )
    .orderBy(asc(subscriptionEvents.createdAt));
  const found: { box: BoxRow; from: string; to: string }[] = [];
  for (const box of rows) {
    // The item each swapped-in item first replaced.
    const origin = new Map<string, string>();
    for (const { data } of events) {
      if (data.box !== box.deliverOn) continue;
      const from = String(data.from);
      const to = String(data.to);
      const first = origin.get(from) ?? from;
      origin.delete(from);
      origin.set(to, first);
    }
    const has = (id: string) => box.items.some((i) => i.itemId === id);
    for (const [to, from] of origin)
      if (to !== from && has(to) && !has(from)) found.push({ box, from, to });
  }
  if (found.length === 0) return [];
  const names = new Map(
    (
      await tx
        .select({ id: boxItems.id, name: boxItems.name })
        .from(boxItems)
        .where(
          inArray(
            boxItems.id,
            found.map((f) => f.from),
          ),
        )
    ).map((r) => [r.id, r.name]),
  );
  return found.map(({ box, from, to }) => ({
    box: box.deliverOn,
    from: { id: from, name: names.get(from) ?? from },
    to: { id: to, name: box.items.find((i) => i.itemId === to)!.name },
  }));
}

/**
 * What a plan change does to the member's swaps (issue 39): a swap is kept when the new plan's box
 * for that month still holds the item it replaced (and not already the one it brought), and
 * dropped otherwise. With `lock` the boxes are locked for the change's transaction.
 */
export async function planSwaps(
  tx: Database,
  sub: SubscriptionRow,
  planId: string,
  now: Date,
  lock = true,
): Promise<BoxSwap[]> {
  const rows = await changeableBoxes(tx, sub, now, lock);
  const swaps = await swapsIn(tx, sub, rows);
  const out: BoxSwap[] = [];
  for (const swap of swaps) {
    const box = rows.find((b) => b.deliverOn === swap.box)!;
    const lines = await contentsFor(tx, monthOf(box.deliverOn), box.zone, planId);
    const kept =
      lines.some((l) => l.itemId === swap.from.id) && !lines.some((l) => l.itemId === swap.to.id);
    out.push({ ...swap, kept });
  }
  return out;
}

/** A new plan's lines for a box with the kept swaps made again (same quantity as the new line). */
function withSwaps(lines: BoxLine[], box: BoxRow, kept: readonly BoxSwap[]): BoxLine[] {
  return lines.map((line) => {
    const swap = kept.find((s) => s.box === box.deliverOn && s.from.id === line.itemId);
    const coming = swap && box.items.find((i) => i.itemId === swap.to.id);
    return coming ? { ...coming, quantity: line.quantity } : line;
  });
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

/**
 * A new plan: the open boxes get its contents and price (a discount on one is kept in proportion),
 * with the member's swaps that still fit made again (`planSwaps` says which; issue 39).
 */
export async function boxesFollowPlan(
  tx: Database,
  sub: SubscriptionRow,
  oldPrice: number,
  now: Date,
  kept: readonly BoxSwap[] = [],
): Promise<void> {
  for (const box of await changeableBoxes(tx, sub, now)) {
    const lines = await contentsFor(tx, monthOf(box.deliverOn), box.zone, sub.plan);
    await tx
      .update(boxes)
      .set({
        plan: sub.plan,
        items: withSwaps(lines, box, kept),
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
