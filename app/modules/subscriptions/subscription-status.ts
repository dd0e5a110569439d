// The one state machine of a subscription (issue 21, ADR 029). Every status change anywhere (the
// member's actions, an admin's, the renewal engine, a provider's event) asks `transition()`; the
// table below is the whole set of moves, and anything not in it is refused.
//
//   active ──pause──▶ paused ──resume──▶ active
//   active ──payment failed──▶ past_due ──paid──▶ active
//   past_due ──retries used up──▶ paused   (paused, not cancelled: the member says so)
//   active | paused | past_due ──cancel──▶ cancelled ──paid period over──▶ ended
//   cancelled ──undo before the period ends──▶ active
//   active ──prepaid credit used up, no card──▶ ended   (a gift's boxes are over, ADR 043)
//   active | paused | past_due | cancelled ──account deleted──▶ ended   (ADR 059)
//   ended is final: subscribing again starts a new subscription.
import type { SubscriptionStatus } from "#db/schema/subscriptions.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";

export type { SubscriptionStatus };

export const SUBSCRIPTION_STATUSES = [
  "active",
  "paused",
  "past_due",
  "cancelled",
  "ended",
] as const satisfies readonly SubscriptionStatus[];

/** Why a subscription moves: each allowed move names the events that may cause it. */
export type SubscriptionEvent =
  | "pause"
  | "resume"
  | "payment_failed"
  | "payment_succeeded"
  | "retries_exhausted"
  | "cancel"
  | "undo_cancel"
  | "period_over"
  | "prepaid_over"
  | "account_deleted";

/** The allowed moves: from → to → the events that cause it. */
export const TRANSITIONS: Readonly<
  Record<SubscriptionStatus, Partial<Record<SubscriptionStatus, readonly SubscriptionEvent[]>>>
> = {
  active: {
    paused: ["pause"],
    past_due: ["payment_failed"],
    cancelled: ["cancel"],
    ended: ["prepaid_over", "account_deleted"],
  },
  paused: {
    active: ["resume", "payment_succeeded"],
    cancelled: ["cancel"],
    ended: ["account_deleted"],
  },
  past_due: {
    active: ["payment_succeeded"],
    paused: ["retries_exhausted"],
    cancelled: ["cancel"],
    ended: ["account_deleted"],
  },
  cancelled: {
    active: ["undo_cancel"],
    ended: ["period_over", "account_deleted"],
  },
  ended: {},
};

/** Statuses in which a subscription is still running (one per member at a time). */
export const RUNNING_STATUSES: readonly SubscriptionStatus[] = ["active", "paused", "past_due"];

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(value);
}

/** Whether a subscription may move between these statuses by this event. */
export function canTransition(
  from: SubscriptionStatus,
  to: SubscriptionStatus,
  event: SubscriptionEvent,
): boolean {
  return TRANSITIONS[from]?.[to]?.includes(event) ?? false;
}

/** A move between statuses; a refused one is a conflict whose message says which move it was. */
type Move = Outcome<{ from: SubscriptionStatus; to: SubscriptionStatus; event: SubscriptionEvent }>;

/** The move, or why it is refused. Staying in the same status is never a move. */
export function transition(
  from: SubscriptionStatus,
  to: SubscriptionStatus,
  event: SubscriptionEvent,
): Move {
  if (canTransition(from, to, event)) return { ok: true, from, to, event };
  return failure("conflict", `A subscription can't go from ${from} to ${to} by ${event}.`);
}

/** The statuses reachable from this one (any event). */
export function nextStatuses(from: SubscriptionStatus): SubscriptionStatus[] {
  return Object.keys(TRANSITIONS[from]) as SubscriptionStatus[];
}
