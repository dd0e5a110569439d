// What goes in a box (issue 21, ADR 032): the contents table's lines for the box's month, the
// subscription's climate zone and its plan (following the member's accepted garden plan, ADR 045), and the box rows themselves, made once per
// subscription and delivery date (`ensureBox`; the unique index on both makes a second insert a
// no-op, so two writers, or a re-run after a crash, find the same box).
import { and, asc, eq } from "drizzle-orm";
import {
  boxContents,
  boxes,
  boxItems,
  subscriptions,
  type BoxLine,
  type BoxStatus,
} from "#db/schema/index.ts";
import { climateZoneForRegion, type ClimateZoneId } from "#app/lib/climate-zones.ts";
import type { Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { isNzRegion } from "#app/lib/nz-regions.ts";
import { cutoffOf, nextBoxDate, nzToday, type DeliveryWeek } from "./box-dates.ts";
import { followGardenPlan } from "./follow-garden-plan.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BoxRow = typeof boxes.$inferSelect;

/** The climate zone whose box a subscription gets: its delivery region's. */
export function zoneOf(sub: Pick<SubscriptionRow, "region">): ClimateZoneId {
  return isNzRegion(sub.region) ? climateZoneForRegion(sub.region).id : "temperate";
}

/** The month (1–12) a box delivered on this date is for. */
export function monthOf(deliverOn: string): number {
  return Number(deliverOn.slice(5, 7));
}

/** A contents table row as a box's line. */
const lineColumns = {
  itemId: boxItems.id,
  name: boxItems.name,
  kind: boxItems.kind,
  sizeClass: boxItems.sizeClass,
  quantity: boxContents.quantity,
};

/** The contents table's lines for one month, zone and plan, in their order. */
export async function contentsFor(
  tx: Database,
  month: number,
  zone: string,
  plan: string,
): Promise<BoxLine[]> {
  return tx
    .select(lineColumns)
    .from(boxContents)
    .innerJoin(boxItems, eq(boxItems.id, boxContents.itemId))
    .where(
      and(eq(boxContents.month, month), eq(boxContents.zone, zone), eq(boxContents.plan, plan)),
    )
    .orderBy(asc(boxContents.position), asc(boxItems.name));
}

/**
 * Every line the contents table sends to a zone in a month, whatever the plan, once each: what is
 * in season and stocked then, for a box that follows the member's garden plan.
 */
export async function inSeasonFor(tx: Database, month: number, zone: string): Promise<BoxLine[]> {
  const rows = await tx
    .select(lineColumns)
    .from(boxContents)
    .innerJoin(boxItems, eq(boxItems.id, boxContents.itemId))
    .where(and(eq(boxContents.month, month), eq(boxContents.zone, zone)))
    .orderBy(asc(boxContents.position), asc(boxItems.name), asc(boxContents.plan));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.itemId) && seen.add(r.itemId));
}

/** A month's lines for the subscription, following its accepted garden plan when it has one. */
async function linesFor(tx: Database, sub: SubscriptionRow, month: number, zone: string) {
  const lines = await contentsFor(tx, month, zone, sub.plan);
  if (!sub.gardenItems?.length) return lines;
  return followGardenPlan(lines, new Set(sub.gardenItems), await inSeasonFor(tx, month, zone));
}

/**
 * The box a subscription's next renewal is for: the delivery after the current period's box
 * (`subscriptions.next_box_on`), locked and charged at `current_period_end`.
 */
export function upcomingBoxOn(sub: Pick<SubscriptionRow, "nextBoxOn" | "deliveryWeek">): string {
  return nextBoxDate(sub.nextBoxOn, sub.deliveryWeek as DeliveryWeek);
}

/**
 * The box the member sees next: the current period's box while its week hasn't begun (it is paid
 * for, or skipped), otherwise the upcoming one.
 */
export function shownBoxOn(
  sub: Pick<SubscriptionRow, "nextBoxOn" | "deliveryWeek">,
  now: Date,
): string {
  return sub.nextBoxOn > nzToday(now) ? sub.nextBoxOn : upcomingBoxOn(sub);
}

/** A box not yet in the table: what it will hold if nobody changes it. */
export async function draftBox(
  tx: Database,
  sub: SubscriptionRow,
  deliverOn: string,
  status: BoxStatus,
): Promise<Omit<BoxRow, "id" | "createdAt" | "updatedAt">> {
  const zone = zoneOf(sub);
  return {
    subscriptionId: sub.id,
    deliverOn,
    cutoffAt: cutoffOf(deliverOn, settings().boxCutoffDays),
    status,
    plan: sub.plan,
    zone,
    items: await linesFor(tx, sub, monthOf(deliverOn), zone),
    amount: sub.price,
    currency: sub.currency,
    orderId: null,
    chargeReference: null,
    attempts: 0,
    retries: 0,
    remindedAt: null,
    nextAttemptAt: null,
    lastError: null,
    chargedAt: null,
    claimedAt: null,
    claimKey: null,
    claimAttempt: null,
    claimKind: null,
    claimCharge: null,
    creditHeld: 0,
  };
}

export async function findBox(
  tx: Database,
  subscriptionId: string,
  deliverOn: string,
  lock = false,
): Promise<BoxRow | undefined> {
  const query = tx
    .select()
    .from(boxes)
    .where(and(eq(boxes.subscriptionId, subscriptionId), eq(boxes.deliverOn, deliverOn)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * The box row for a subscription and delivery date, made from the contents table when missing
 * (with `status`); with `lock`, the row is locked for the caller's transaction.
 */
export async function ensureBox(
  tx: Database,
  sub: SubscriptionRow,
  deliverOn: string,
  options: { status?: BoxStatus; lock?: boolean; now?: Date } = {},
): Promise<BoxRow> {
  const found = await findBox(tx, sub.id, deliverOn, options.lock);
  if (found) return found;
  const draft = await draftBox(tx, sub, deliverOn, options.status ?? "scheduled");
  const now = options.now ?? new Date();
  await tx
    .insert(boxes)
    .values({ ...draft, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [boxes.subscriptionId, boxes.deliverOn] });
  const made = await findBox(tx, sub.id, deliverOn, options.lock);
  if (!made) throw new Error(`box ${sub.id} ${deliverOn} was not made`);
  return made;
}

/** Locks a subscription's row for the caller's transaction and reads it. */
export async function lockSubscription(
  tx: Database,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for("update");
  return sub;
}

/** Statuses in which the member may still skip a box or change what is in it. */
export const CHANGEABLE_BOX_STATUSES: readonly BoxStatus[] = ["scheduled", "skipped"];
