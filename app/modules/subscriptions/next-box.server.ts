// The member's next box and what they may do to it before its cutoff (issue 21, ADR 032):
// `getNextBox` (its date, contents, cutoff, amount, and whether it is locked), `skipBox` and
// `unskipBox`, and `swapBoxItem` for another item of the same size class. Each change runs in one
// transaction holding the box's row lock, which the renewal also takes before locking and charging
// a box, so a change and the cutoff can't cross: a change either lands before the box locks or is
// refused with the cutoff it missed.
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { boxes, boxItems, subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import type { BoxLine, BoxStatus } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { formatBoxDate, type DeliveryWeek } from "./box-dates.ts";
import {
  CHANGEABLE_BOX_STATUSES,
  draftBox,
  ensureBox,
  findBox,
  lockSubscription,
  shownBoxOn,
  upcomingBoxOn,
  type BoxRow,
  type SubscriptionRow,
} from "./box-contents.server.ts";
import {
  BOX_MESSAGES,
  boxTargetSchema,
  swapBoxItemSchema,
  type BoxTarget,
} from "./boxes.schema.ts";
import type { SubscriptionStatus } from "./subscription-status.ts";
import { nzDayAndTime } from "#app/lib/nz-time.ts";
import { findHistoryEvent } from "./subscription-history.server.ts";

export interface BoxView {
  subscriptionId: string;
  subscriptionStatus: SubscriptionStatus;
  /** The delivery week starts (and the box is packed) on this New Zealand date. */
  deliverOn: string;
  /** "Friday 8 January 2027" */
  deliverOnLabel: string;
  /** Until then it can be skipped or changed; then it locks and is charged. */
  cutoffAt: Date;
  cutoffLabel: string;
  status: BoxStatus;
  plan: string;
  items: BoxLine[];
  /** Cents, GST included. */
  amount: number;
  gst: number;
  currency: string;
  /** Past its cutoff or already paid: it can't be skipped or changed any more. */
  locked: boolean;
  skipped: boolean;
}

export interface NextBox extends BoxView {
  /**
   * The next box that can still be changed, when the next box itself can't (it is the paid box
   * of the current period, on its way): the member skips or changes this one.
   */
  upcoming?: BoxView;
}

export interface Owner {
  /** When given, the subscription must be this member's. */
  userId?: string;
  now?: Date;
}

export type BoxChangeOutcome = Outcome<{ box: BoxView }>;

/** "Sunday 3 January at 1:00 pm" (New Zealand time). */
export function formatCutoff(at: Date): string {
  return nzDayAndTime(at).replace(",", "");
}

function view(
  sub: SubscriptionRow,
  box: Omit<BoxRow, "id" | "createdAt" | "updatedAt">,
  now: Date,
): BoxView {
  return {
    subscriptionId: sub.id,
    subscriptionStatus: sub.status,
    deliverOn: box.deliverOn,
    deliverOnLabel: formatBoxDate(box.deliverOn),
    cutoffAt: box.cutoffAt,
    cutoffLabel: formatCutoff(box.cutoffAt),
    status: box.status,
    plan: box.plan,
    items: box.items,
    amount: box.amount,
    gst: gstIncluded(box.amount),
    currency: box.currency,
    locked: isLocked(box, now),
    skipped: box.status === "skipped",
  };
}

function isLocked(box: Pick<BoxRow, "status" | "cutoffAt">, now: Date): boolean {
  return now >= box.cutoffAt || !CHANGEABLE_BOX_STATUSES.includes(box.status);
}

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
async function changeBox(
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

/**
 * Swaps one item of a box for another of the same size class, before the cutoff. A repeat of a
 * swap already made (the item gone, its replacement in the box) answers as the first did and
 * writes nothing. `swapped` runs in the swap's transaction with its history row (the member's
 * side queues the confirmation e-mail there; this module can't import the e-mail, which reads it).
 */
export async function swapBoxItem(
  raw: unknown,
  owner: Owner & {
    actor?: string;
    swapped?: (tx: Database, eventId: string) => Promise<void>;
  } = {},
): Promise<BoxChangeOutcome> {
  const parsed = swapBoxItemSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]?.message ?? BOX_MESSAGES.invalid);
  const { itemId, replacementId } = parsed.data;
  return changeBox(
    parsed.data,
    owner,
    async (tx, sub, box, now) => {
      if (box.status === "skipped") return failure("conflict", BOX_MESSAGES.skippedAlready);
      const leaving = box.items.find((i) => i.itemId === itemId);
      const hasReplacement = box.items.some((i) => i.itemId === replacementId);
      if (!leaving && hasReplacement)
        return swapAlreadyMade(tx, sub, box, itemId, replacementId, now);
      if (!leaving) return failure("invalid", BOX_MESSAGES.notInBox);
      if (hasReplacement) return failure("invalid", BOX_MESSAGES.alreadyInBox);
      const [coming] = await tx
        .select()
        .from(boxItems)
        .where(and(eq(boxItems.id, replacementId), eq(boxItems.active, true)));
      if (!coming || coming.sizeClass !== leaving.sizeClass)
        return failure("invalid", BOX_MESSAGES.notSwappable);
      const items = box.items.map((i) =>
        i.itemId === itemId
          ? {
              itemId: coming.id,
              name: coming.name,
              kind: coming.kind,
              sizeClass: coming.sizeClass,
              quantity: i.quantity,
            }
          : i,
      );
      const [row] = await tx
        .update(boxes)
        .set({ items, updatedAt: now })
        .where(eq(boxes.id, box.id))
        .returning();
      const [event] = await tx
        .insert(subscriptionEvents)
        .values({
          subscriptionId: sub.id,
          type: "box_item_swapped",
          data: {
            box: box.deliverOn,
            from: leaving.itemId,
            to: coming.id,
            message: swapWords(leaving.name, coming.name, box),
          },
          actor: owner.actor ?? "member",
          createdAt: now,
        })
        .returning({ id: subscriptionEvents.id });
      await owner.swapped?.(tx, event!.id);
      return {
        ok: true,
        message: BOX_MESSAGES.swapped(leaving.name, coming.name),
        box: view(sub, row!, now),
      };
    },
    swapBoxItemSchema,
  );
}

/** The swap in the member's words, for the history and the e-mail: what, which box, until when. */
export function swapWords(
  from: string,
  to: string,
  box: Pick<BoxRow, "deliverOn" | "cutoffAt">,
): string {
  return `We've swapped ${from} for ${to} in your box of the week starting ${formatBoxDate(box.deliverOn)}. You can change what's in it until its cutoff, ${formatCutoff(box.cutoffAt)} (New Zealand time).`;
}

/** A swap asked for again once made: the same answer, nothing written twice. */
async function swapAlreadyMade(
  tx: Database,
  sub: SubscriptionRow,
  box: BoxRow,
  itemId: string,
  replacementId: string,
  now: Date,
): Promise<BoxChangeOutcome> {
  const made = await findHistoryEvent(tx, sub.id, {
    type: "box_item_swapped",
    data: { box: box.deliverOn, from: itemId, to: replacementId },
  });
  const [gone] = made
    ? await tx.select({ name: boxItems.name }).from(boxItems).where(eq(boxItems.id, itemId))
    : [];
  if (!gone) return failure("invalid", BOX_MESSAGES.notInBox);
  const coming = box.items.find((i) => i.itemId === replacementId)!;
  return {
    ok: true,
    message: BOX_MESSAGES.swapped(gone.name, coming.name),
    box: view(sub, box, now),
  };
}

/**
 * What each item in a box may be swapped for: the active items of its size class not in the box.
 * One query for the whole box (the page lists every item's choices).
 */
export async function listSwapChoices(
  items: readonly BoxLine[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const choices = new Map<string, { id: string; name: string }[]>();
  if (items.length === 0) return choices;
  const rows = await db()
    .select({ id: boxItems.id, name: boxItems.name, sizeClass: boxItems.sizeClass })
    .from(boxItems)
    .where(
      and(
        inArray(boxItems.sizeClass, [...new Set(items.map((i) => i.sizeClass))]),
        eq(boxItems.active, true),
        notInArray(
          boxItems.id,
          items.map((i) => i.itemId),
        ),
      ),
    )
    .orderBy(asc(boxItems.name));
  for (const item of items)
    choices.set(
      item.itemId,
      rows.filter((r) => r.sizeClass === item.sizeClass).map(({ id, name }) => ({ id, name })),
    );
  return choices;
}

/** What one item in a box may be swapped for (none when it isn't in the box). */
export async function listSwapOptions(
  items: readonly BoxLine[],
  itemId: string,
): Promise<{ id: string; name: string }[]> {
  if (!items.some((i) => i.itemId === itemId)) return [];
  return (await listSwapChoices(items)).get(itemId) ?? [];
}
