// A prepaid subscription (issue 22's gifts, ADR 043): started with no card, its boxes paid from the
// member's credit, the first one at once. Called inside the transaction that redeems a gift (which
// has written the gift's credit), so the credit, the subscription and its first box's debit commit
// together. The renewal pays each later box from the credit and, once a box's credit runs short and
// still no card is saved, ends the subscription instead of charging anyone.
import { and, eq, inArray } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import {
  addCreditEntry,
  balanceOf,
  lockCredits,
} from "#app/modules/credits/credit-ledger.server.ts";
import { savedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import {
  cutoffOf,
  firstBoxDate,
  formatBoxDate,
  nextBoxDate,
  type DeliveryWeek,
} from "./box-dates.ts";
import { takePackingPlace } from "./packing-capacity.server.ts";
import { findPlan } from "./plans.ts";
import { isRegionOpen } from "./regions.server.ts";
import { chargeKey, creditReference } from "./renewal/index.ts";
import {
  writeSubscription,
  type Subscriber,
  type SubscriptionDetails,
} from "./start-subscription.server.ts";
import { SUBSCRIBE_MESSAGES } from "./subscribe.schema.ts";
import { RUNNING_STATUSES } from "./subscription-status.ts";

export const PREPAID_MESSAGES = {
  notEnoughCredit: (needed: number, held: number, currency: string) =>
    `Your credit (${formatMoney(held, currency)}) doesn't cover a ${formatMoney(needed, currency)} box, so we can't start your boxes without a card.`,
} as const;

/** The member's running subscription, if any, read inside the caller's transaction. */
export async function runningSubscriptionOf(
  tx: Database,
  userId: string,
): Promise<{ id: string } | null> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...RUNNING_STATUSES])),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Starts a subscription with no card whose first box its credit pays, inside `tx`. The region
 * must be open, the member may have no running subscription, and their credit must cover a box.
 * Takes the member's credits lock (last, after the caller's row locks: ADR 040).
 */
export async function startPrepaidSubscription(
  tx: Database,
  details: SubscriptionDetails,
  member: Subscriber,
  options: { now: Date; started?: Record<string, unknown> },
): Promise<Outcome<{ subscriptionId: string }>> {
  const { now } = options;
  const plan = findPlan(details.plan)!;
  if (!(await isRegionOpen(details.address.region, tx)))
    return failure("conflict", SUBSCRIBE_MESSAGES.regionClosed(details.address.region));
  if (await runningSubscriptionOf(tx, member.id))
    return failure("conflict", SUBSCRIBE_MESSAGES.alreadySubscribed);
  // A place on the first box's packing day, under its lock (before the credits lock, ADR 040).
  const week = details.deliveryWeek as DeliveryWeek;
  const cutoffDays = settings().boxCutoffDays;
  const firstBox = firstBoxDate(week, now, cutoffDays);
  const full = await takePackingPlace(tx, firstBox);
  if (full) return failure("conflict", full, { fieldErrors: { deliveryWeek: full } });
  await lockCredits(tx, member.id);
  const held = await balanceOf(tx, member.id);
  const currency = settings().currency;
  if (held < plan.price)
    return failure("conflict", PREPAID_MESSAGES.notEnoughCredit(plan.price, held, currency));

  const id = crypto.randomUUID();
  const period = chargeKey(id, firstBox, 1);
  await addCreditEntry(tx, {
    userId: member.id,
    amount: -plan.price,
    kind: "applied_to_box",
    note: `The box of the week starting ${formatBoxDate(firstBox)}.`,
    requestKey: period,
    now,
  });
  await writeSubscription(tx, {
    id,
    details,
    member,
    firstBox,
    periodEnd: cutoffOf(nextBoxDate(firstBox, week), cutoffDays),
    now,
    // The provider a card would be saved with, if the member adds one to continue.
    paymentProvider: savedCardProvider()?.name ?? "demo",
    card: null,
    charge: { reference: creditReference(id, firstBox), period, credit: plan.price },
    started: options.started,
  });
  return { ok: true, subscriptionId: id };
}
