// The member's next box and what they may do to it before its cutoff (issue 21, ADR 032):
// `getNextBox` (its date, contents, cutoff, amount, and whether it is locked), `skipBox` and
// `unskipBox`, and `swapBoxItem` for another item of the same size class. Each change runs in one
// transaction holding the box's row lock, which the renewal also takes before locking and charging
// a box, so a change and the cutoff can't cross: a change either lands before the box locks or is
// refused with the cutoff it missed. The changes are in change-next-box.server.ts and
// box-swaps.server.ts, the box's view in next-box-view.server.ts; this is their one way in.
import { and, eq } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import type { BoxStatus } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import {
  draftBox,
  findBox,
  shownBoxOn,
  upcomingBoxOn,
  type SubscriptionRow,
} from "./box-contents.server.ts";
import { boxTargetSchema } from "./boxes.schema.ts";
import { view, type BoxView, type NextBox, type Owner } from "./next-box-view.server.ts";

export {
  formatCutoff,
  monthName,
  swapWords,
  type BoxChangeOutcome,
  type BoxView,
  type InSeason,
  type NextBox,
  type Owner,
  type SwapSeason,
} from "./next-box-view.server.ts";
export { skipBox, unskipBox } from "./change-next-box.server.ts";
export {
  boxSwapChoices,
  listSwapChoices,
  listSwapOptions,
  swapBoxItem,
} from "./box-swaps.server.ts";

async function readSubscription(tx: Database, id: string, owner: Owner) {
  const where = owner.userId
    ? and(eq(subscriptions.id, id), eq(subscriptions.userId, owner.userId))
    : eq(subscriptions.id, id);
  const [sub] = await tx.select().from(subscriptions).where(where);
  return sub;
}

/** A box as it is, or as it will be made (nothing is written). */
async function boxOrDraft(
  tx: Database,
  sub: SubscriptionRow,
  deliverOn: string,
  now: Date,
): Promise<BoxView> {
  const row = await findBox(tx, sub.id, deliverOn);
  if (row) return view(sub, row, now);
  // The current period's box is paid for when the period starts (or skipped, and then has a row).
  const status: BoxStatus = deliverOn <= sub.nextBoxOn ? "charged" : "scheduled";
  return view(sub, await draftBox(tx, sub, deliverOn, status), now);
}

/**
 * The subscription's next box: its date, contents, cutoff and amount, and whether it is locked.
 * Null when there is none to come (the subscription has ended, or is cancelled and its last paid
 * box is on its way), or the subscription isn't found (or isn't the member's).
 */
export async function getNextBox(
  subscriptionId: unknown,
  owner: Owner = {},
): Promise<NextBox | null> {
  const parsed = boxTargetSchema.shape.subscriptionId.safeParse(subscriptionId);
  if (!parsed.success) return null;
  const sub = await readSubscription(db(), parsed.data, owner);
  return sub ? nextBoxOf(sub, owner.now) : null;
}

/** `getNextBox` for a subscription already read (the member's page reads it first). */
export async function nextBoxOf(sub: SubscriptionRow, now = new Date()): Promise<NextBox | null> {
  if (sub.status === "ended") return null;
  const nextOn = shownBoxOn(sub, now);
  const upcomingOn = upcomingBoxOn(sub);
  // A cancelled subscription ends after its paid period: no box after the current one.
  if (sub.status === "cancelled" && nextOn === upcomingOn) return null;
  if (nextOn === upcomingOn || sub.status === "cancelled")
    return boxOrDraft(db(), sub, nextOn, now);
  const [next, upcoming] = await Promise.all([
    boxOrDraft(db(), sub, nextOn, now),
    boxOrDraft(db(), sub, upcomingOn, now),
  ]);
  return { ...next, upcoming };
}
