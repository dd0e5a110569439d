// Swapping an item of a box for another of the same size class before its cutoff, and what each
// item may be swapped for (with a season, only what suits the box's month).
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { boxes, boxItems, subscriptionEvents } from "#db/schema/index.ts";
import type { BoxLine } from "#db/schema/index.ts";
import type { ClimateZoneId } from "#app/lib/climate-zones.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { failure } from "#app/lib/outcome.ts";
import { monthOf, zoneOf, type BoxRow, type SubscriptionRow } from "./box-contents.server.ts";
import { BOX_MESSAGES, swapBoxItemSchema } from "./boxes.schema.ts";
import { changeBox } from "./change-next-box.server.ts";
import {
  monthName,
  swapWords,
  view,
  type BoxChangeOutcome,
  type BoxView,
  type InSeason,
  type Owner,
  type SwapSeason,
} from "./next-box-view.server.ts";
import { findHistoryEvent } from "./subscription-history.server.ts";

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
    /** Only items in season for the box's month (the member's swaps); an admin's may be any. */
    inSeason?: InSeason;
    /**
     * The form's request key, kept on the history row: a retried submit answers as the first did
     * even once the box has changed again since (an admin's swap, issue 40).
     */
    requestKey?: string;
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
      const earlier = owner.requestKey
        ? await findHistoryEvent(tx, sub.id, {
            type: "box_item_swapped",
            data: { requestKey: owner.requestKey },
          })
        : undefined;
      if (earlier)
        return { ok: true, message: String(earlier.data.answer ?? ""), box: view(sub, box, now) };
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
      if (
        owner.inSeason &&
        !owner.inSeason(coming.id, monthOf(box.deliverOn), box.zone as ClimateZoneId)
      )
        return failure("invalid", BOX_MESSAGES.outOfSeason(coming.name, monthName(box.deliverOn)));
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
            answer: BOX_MESSAGES.swapped(leaving.name, coming.name),
            ...(owner.requestKey ? { requestKey: owner.requestKey } : {}),
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
 * What each item in a box may be swapped for: the active items of its size class not in the box,
 * and with a season, only those in season for the box's month. One query for the whole box (the
 * page lists every item's choices).
 */
export async function listSwapChoices(
  items: readonly BoxLine[],
  season?: SwapSeason,
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
  const suits = (id: string) => !season || season.inSeason(id, season.month, season.zone);
  for (const item of items)
    choices.set(
      item.itemId,
      rows
        .filter((r) => r.sizeClass === item.sizeClass && suits(r.id))
        .map(({ id, name }) => ({ id, name })),
    );
  return choices;
}

/**
 * What each item of the subscription's next box may be swapped for while that box can still
 * change (before its cutoff, not skipped, not paid), in season for its month where the
 * subscription grows when `inSeason` is given; null when the box can't change. The member's page
 * and the admin's offer the same choices.
 */
export async function boxSwapChoices(
  sub: Pick<SubscriptionRow, "region">,
  next: BoxView | null | undefined,
  inSeason?: InSeason,
): Promise<Map<string, { id: string; name: string }[]> | null> {
  if (!next || next.locked || next.skipped || next.status !== "scheduled") return null;
  const season = inSeason
    ? { month: Number(next.deliverOn.slice(5, 7)), zone: zoneOf(sub), inSeason }
    : undefined;
  return listSwapChoices(next.items, season);
}

/** What one item in a box may be swapped for (none when it isn't in the box). */
export async function listSwapOptions(
  items: readonly BoxLine[],
  itemId: string,
  season?: SwapSeason,
): Promise<{ id: string; name: string }[]> {
  if (!items.some((i) => i.itemId === itemId)) return [];
  return (await listSwapChoices(items, season)).get(itemId) ?? [];
}
