// The member's next box as the pages show it: the view of a box row (its date and cutoff in
// words, amount and GST, whether it is locked), the month a box is for, the cutoff and a swap in
// the member's words, and the types the box's changes answer with.
import type { BoxLine, BoxStatus } from "#db/schema/index.ts";
import type { ClimateZoneId } from "#app/lib/climate-zones.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import type { Outcome } from "#app/lib/outcome.ts";
import { nzDayAndTime } from "#app/lib/nz-time.ts";
import { formatBoxDate } from "./box-dates.ts";
import {
  CHANGEABLE_BOX_STATUSES,
  type BoxRow,
  type SubscriptionRow,
} from "./box-contents.server.ts";
import type { SubscriptionStatus } from "./subscription-status.ts";

/**
 * Whether an item suits a box's month in its climate zone (issue 39): the member's swaps offer and
 * accept only these. The plant library knows the months (garden's `boxItemInSeason`), and this
 * area can't import garden, so the member's side passes it in.
 */
export type InSeason = (itemId: string, month: number, zone: ClimateZoneId) => boolean;

/** The month and zone a box's swaps must suit. */
export interface SwapSeason {
  month: number;
  zone: ClimateZoneId;
  inSeason: InSeason;
}

/** "December": the month a box delivered on this date is for, in words. */
export function monthName(deliverOn: string): string {
  return new Date(`${deliverOn}T00:00:00Z`).toLocaleString("en-NZ", {
    month: "long",
    timeZone: "UTC",
  });
}

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

export function view(
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

export function isLocked(box: Pick<BoxRow, "status" | "cutoffAt">, now: Date): boolean {
  return now >= box.cutoffAt || !CHANGEABLE_BOX_STATUSES.includes(box.status);
}

/** The swap in the member's words, for the history and the e-mail: what, which box, until when. */
export function swapWords(
  from: string,
  to: string,
  box: Pick<BoxRow, "deliverOn" | "cutoffAt">,
): string {
  return `We've swapped ${from} for ${to} in your box of the week starting ${formatBoxDate(box.deliverOn)}. You can change what's in it until its cutoff, ${formatCutoff(box.cutoffAt)} (New Zealand time).`;
}
