// The renewal's fixed rules and shapes (ADRs 032 and 064): the retry days, the reminder's lead,
// the member-facing words, each charge attempt's idempotency key, and the run's options and tally.
import type { SavedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import type { SubscriptionRow } from "#app/modules/subscriptions/box-contents.server.ts";

/** Days after the first failed charge when it is tried again; after the last, the box is unpaid. */
export const RETRY_DAYS = [1, 3, 5, 7] as const;
/** Days before the charge when the e-mail about the box goes out. */
export const REMINDER_DAYS = 3;

export const DAY = 86_400_000;

export const RENEWAL_MESSAGES = {
  nothingToRetry: "There's no unpaid box to pay for, so nothing was charged.",
  retryBusy: "A payment for this box is already being taken. Please check again in a minute.",
  paid: "Thank you: your box is paid for and your subscription is running again.",
  notFound: "We couldn't find that subscription.",
  noProvider: "Card payments aren't available right now. Nothing has been charged.",
} as const;

/** Why a prepaid subscription's box wasn't sent (kept on the box for the admin). */
export const PREPAID_OVER = "The credit no longer paid for a box and no card was saved.";

/** Why a box charged while its account was deleted (or its subscription ended) isn't sent. */
export const REFUNDED_IN_FLIGHT =
  "The subscription ended while its box was being charged, so the payment was refunded.";

/** The idempotency key of a box's nth charge attempt: the first is the subscription + period. */
export function chargeKey(subscriptionId: string, deliverOn: string, attempt: number): string {
  const base = `subscription:${subscriptionId}:box:${deliverOn}`;
  return attempt <= 1 ? base : `${base}:attempt:${attempt}`;
}

/** The reference of a box paid by credit alone: no card was charged. */
export const creditReference = (subscriptionId: string, deliverOn: string) =>
  `credit:${chargeKey(subscriptionId, deliverOn, 1)}`;

/** Whether a card is saved on the subscription (a gift's prepaid one has none until added). */
export function hasCard(
  sub: Pick<SubscriptionRow, "providerCustomerId" | "providerPaymentMethodId">,
) {
  return Boolean(sub.providerCustomerId && sub.providerPaymentMethodId);
}

export interface RenewalOptions {
  now?: Date;
  /** The saved-card provider; by default the configured one. */
  provider?: SavedCardProvider;
  /** Subscriptions per claim (each claim one short transaction). */
  batchSize?: number;
  /** Charges in flight at once per lane (network calls to Stripe, no lock or connection held). */
  chargeConcurrency?: number;
  /**
   * Batches claimed, charged and recorded side by side (default 4): at most lanes ×
   * chargeConcurrency provider calls in flight, and one connection per lane only while it claims
   * or records.
   */
  lanes?: number;
  /**
   * How old (wall-clock ms) another run's claim must be before this run resumes it: a live run
   * records its claims within seconds. 0 resumes every claim (the worker before is known dead).
   */
  claimLeaseMs?: number;
  /** Called after the claims are committed, before the provider is called (tests stop here). */
  afterClaim?: (claims: number) => void | Promise<void>;
}

export interface RenewalTally {
  reminded: number;
  charged: number;
  failed: number;
  skipped: number;
  pausedPeriods: number;
  ended: number;
  retriesPaid: number;
  retriesFailed: number;
  unpaid: number;
  /** Prepaid subscriptions ended because their credit no longer paid a box. */
  prepaidOver: number;
  /** Subscriptions whose account is gone: ended, nothing charged or sent (ADR 059). */
  skippedNoAccount: number;
  /** Claims another (dead) run left, resumed here with their own idempotency keys. */
  resumed: number;
  /** Charges refunded because the account was deleted while the card was being charged. */
  refunded: number;
  /** Claims whose provider call failed without an answer: left for the next run to resume. */
  unfinished: number;
}

export const emptyTally = (): RenewalTally => ({
  reminded: 0,
  charged: 0,
  failed: 0,
  skipped: 0,
  pausedPeriods: 0,
  ended: 0,
  retriesPaid: 0,
  retriesFailed: 0,
  unpaid: 0,
  prepaidOver: 0,
  skippedNoAccount: 0,
  resumed: 0,
  refunded: 0,
  unfinished: 0,
});

/** What every step of one run shares: its time, batch size, card provider and running tally. */
export interface Run {
  now: Date;
  /** Subscriptions per claim. */
  size: number;
  provider: SavedCardProvider;
  /** Charges in flight at once. */
  concurrency: number;
  leaseMs: number;
  tally: RenewalTally;
  afterClaim?: RenewalOptions["afterClaim"];
}
