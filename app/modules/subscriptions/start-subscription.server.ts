// Starting a subscription (issue 21): a signed-in member, an open region, a saved card and the
// first box paid today. In one transaction the subscription, its "started" history and the
// confirmation e-mail's job are written; a retried submit with the same key finds the same
// subscription and charges nothing more (the charge's key is the subscription's first period).
// The first box is recorded as every paid box is (record-box-charges.server.ts): its order and
// box row are written in the same transaction. The member's credit (ADR 040: referral
// milestones, carried from the waitlist by a claim link, ADR 041) pays it before the card; a box
// credit pays in full is paid without it.
import { creditToUse } from "#app/modules/credits/credit-use.ts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db, isDatabaseUnavailable, type Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { balanceOf, lockCredits } from "#app/modules/credits/credit-ledger.server.ts";
import { checkoutFieldErrors, storedAddress } from "#app/modules/checkout/checkout.schema.ts";
import {
  savedCardProvider,
  type SavedCardProvider,
} from "#app/modules/payments/saved-cards.server.ts";
import { ensureBox } from "./box-contents.server.ts";
import { cutoffOf, firstBoxDate, nextBoxDate, type DeliveryWeek } from "./box-dates.ts";
import { packingDayRefusal, takePackingPlace } from "./packing-capacity.server.ts";
import { findPlan } from "./plans.ts";
import { recordBoxCharges } from "./record-box-charges.server.ts";
import { regionRefusal } from "./regions.server.ts";
import { sendSubscriptionConfirmationJob } from "./send-subscription-confirmation.server.ts";
import {
  startSubscriptionSchema,
  SUBSCRIBE_MESSAGES,
  type StartSubscriptionInput,
} from "./subscribe.schema.ts";
import { RUNNING_STATUSES } from "./subscription-status.ts";

export interface Subscriber {
  id: string;
  email: string;
  name: string;
}

export type StartSubscriptionOutcome = Outcome<
  { subscriptionId: string; created: boolean },
  { declined?: boolean }
>;

export async function startSubscription(
  raw: unknown,
  member: Subscriber,
  now = new Date(),
): Promise<StartSubscriptionOutcome> {
  const parsed = startSubscriptionSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", SUBSCRIBE_MESSAGES.failed, {
      fieldErrors: checkoutFieldErrors(parsed.error),
    });
  const input = parsed.data;
  const provider = savedCardProvider();
  if (!provider) return failure("unavailable", SUBSCRIBE_MESSAGES.noPayments);

  return guardStart(input.idempotencyKey, async () => {
    const blocked = await refusalToStart(input, member, now);
    if (blocked) return blocked;
    // The provider's own keys come from the submit's key, so a retry never saves or charges twice.
    const saved = await provider.saveCard(
      input.card,
      { id: input.idempotencyKey, email: member.email },
      now,
    );
    if (!saved.ok) return failure("invalid", saved.message, { declined: true });
    return payFirstBox(input, member, provider, saved, now);
  });
}

/** What a subscription is made from, whichever way its card was saved. */
export type SubscriptionDetails = Omit<StartSubscriptionInput, "card">;

/**
 * Before any card is saved: a retried submit finds the subscription the first one made (none if
 * it was another member's key), the region must be open (or in launch waves with this member's
 * claimed invitation), and the member may have one running.
 */
export async function refusalToStart(
  details: SubscriptionDetails,
  member: Subscriber,
  now = new Date(),
): Promise<StartSubscriptionOutcome | null> {
  const made = await madeByKey(details.idempotencyKey, member);
  if (made) return made;
  const refusal = await regionRefusal(details.address.region, member.id);
  if (refusal) return failure("conflict", refusal);
  // A full packing day is said before any card is saved (payFirstBox takes the place itself).
  const week = details.deliveryWeek as DeliveryWeek;
  const full = await packingDayRefusal(firstBoxDate(week, now, settings().boxCutoffDays));
  if (full) return failure("conflict", full, { fieldErrors: { deliveryWeek: full } });
  const running = await runningSubscriptionOf(member.id);
  if (running) {
    // The running one may be this very submit's, or its twin's (another tab), made since the
    // look-up above: that is this submit's answer. payFirstBox checks again under the lock.
    return (
      (await madeByKey(details.idempotencyKey, member)) ??
      (isTwin(running, now)
        ? { ok: true, subscriptionId: running.id, created: false }
        : failure("conflict", SUBSCRIBE_MESSAGES.alreadySubscribed))
    );
  }
  return null;
}

/** The subscription an earlier submit of this key made: the member's answer, or a refusal. */
async function madeByKey(
  key: string,
  member: Subscriber,
): Promise<StartSubscriptionOutcome | null> {
  const earlier = await findByKey(key);
  if (!earlier) return null;
  if (earlier.userId !== member.id) return failure("invalid", SUBSCRIBE_MESSAGES.failed);
  return { ok: true, subscriptionId: earlier.id, created: false };
}

/**
 * The card is saved: in one transaction, under the member's lock (their running subscription,
 * if a twin submit made one meanwhile, is the answer, and nothing is charged), the member's credit pays
 * what it can of the first box, the card is charged the rest (its key is the submit's, so a retry,
 * or the Stripe return and webhook both finishing, is one charge), and the subscription, its
 * history, the box and its order (recordBoxCharges, with the credit's debit) and the
 * confirmation e-mail's job are written. A declined card
 * writes nothing and takes no credit.
 */
export async function payFirstBox(
  input: SubscriptionDetails,
  member: Subscriber,
  provider: SavedCardProvider,
  saved: { customerId: string; paymentMethodId: string; label: string },
  now: Date,
): Promise<StartSubscriptionOutcome> {
  const plan = findPlan(input.plan)!;
  const id = crypto.randomUUID();
  const week = input.deliveryWeek as DeliveryWeek;
  const cutoffDays = settings().boxCutoffDays;
  const firstBox = firstBoxDate(week, now, cutoffDays);
  const periodEnd = cutoffOf(nextBoxDate(firstBox, week), cutoffDays);
  const periodKey = `subscribe:${input.idempotencyKey}:first-box`;

  const created = await db().transaction(async (tx) => {
    // One member's submits queue here (two tabs, a reload, the Stripe return and its webhook):
    // the lock is held until this one's subscription is committed, so the next one finds it
    // below and is answered with it before anything is charged.
    await lockMember(tx, member.id);
    const again = await findByKey(input.idempotencyKey, tx);
    if (again) {
      if (again.userId !== member.id)
        return { refused: failure("invalid", SUBSCRIBE_MESSAGES.failed) };
      return { id: again.id, created: false };
    }
    const running = await runningSubscriptionOf(member.id, tx);
    if (running) {
      if (!isTwin(running, now))
        return { refused: failure("conflict", SUBSCRIBE_MESSAGES.alreadySubscribed) };
      return { id: running.id, created: false };
    }
    // A place on the first box's packing day (ADR 077 addendum): that day's lock is held until
    // this subscription is committed, so two subscribes for its last place never both get it.
    const full = await takePackingPlace(tx, firstBox);
    if (full)
      return {
        refused: failure("conflict", full, { fieldErrors: { deliveryWeek: full } }),
      };
    // The credits lock is taken last (ADR 040) and held until the debit is written with the box.
    await lockCredits(tx, member.id);
    const credit = creditToUse(await balanceOf(tx, member.id), plan.price);
    const card = plan.price - credit;
    let reference = `credit:${periodKey}`;
    if (card > 0) {
      const charge = await provider.chargeSavedCard({
        customerId: saved.customerId,
        paymentMethodId: saved.paymentMethodId,
        amount: card,
        currency: settings().currency,
        idempotencyKey: periodKey,
        // Not the first box's date: the Stripe return and its webhook can fall either side of a
        // cutoff, and a key sent again with other parameters is refused by Stripe, where the same
        // ones answer the first attempt's outcome (a declined card is not tried twice).
        description: `${plan.size} garden box subscription, first box`,
        metadata: { purpose: "subscription", subscribeKey: input.idempotencyKey },
      });
      if (!charge.ok) return charge;
      reference = charge.reference;
    }
    // The subscription, its history, the first box with its order and the credit's debit
    // (recordBoxCharges, keyed by the box) and the confirmation's job: one path with a gift's.
    await writeSubscription(tx, {
      id,
      details: input,
      member,
      firstBox,
      periodEnd,
      now,
      paymentProvider: provider.name,
      card: saved,
      charge: { reference, period: periodKey, credit },
    });
    return { id, created: true };
  });
  if ("refused" in created && created.refused) return created.refused;
  if ("ok" in created) return failure("invalid", created.message, { declined: true });
  return { ok: true, subscriptionId: created.id, created: created.created };
}

/** What a new subscription's first box was paid with. */
export interface FirstBoxPayment {
  reference: string;
  /** The first box's charge key (the card's idempotency key, or the credit's request key). */
  period: string;
  /** Cents of it the member's credit paid (a prepaid start pays it all from credit). */
  credit?: number;
}

/**
 * Writes a new subscription whose first box is paid: the row, its "started" and "charged" history
 * and the confirmation e-mail's job, inside the caller's transaction. A subscription without a
 * card (`card: null`) is prepaid: its credit pays its boxes (ADR 043).
 */
export async function writeSubscription(
  tx: Database,
  w: {
    id: string;
    details: SubscriptionDetails;
    member: Subscriber;
    firstBox: string;
    periodEnd: Date;
    now: Date;
    paymentProvider: string;
    card: { customerId: string; paymentMethodId: string; label: string } | null;
    charge: FirstBoxPayment;
    /** More to say in the "started" history row (the gift it came from). */
    started?: Record<string, unknown>;
  },
): Promise<void> {
  const plan = findPlan(w.details.plan)!;
  const week = w.details.deliveryWeek as DeliveryWeek;
  const a = w.details.address;
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      id: w.id,
      idempotencyKey: w.details.idempotencyKey,
      userId: w.member.id,
      email: w.member.email,
      name: w.member.name,
      plan: plan.id,
      price: plan.price,
      currency: settings().currency,
      region: a.region,
      address: storedAddress(a),
      deliveryWeek: week,
      status: "active",
      currentPeriodStart: w.now,
      currentPeriodEnd: w.periodEnd,
      nextBoxOn: w.firstBox,
      paymentProvider: w.paymentProvider,
      providerCustomerId: w.card?.customerId ?? null,
      providerPaymentMethodId: w.card?.paymentMethodId ?? null,
      cardLabel: w.card?.label ?? null,
      createdAt: w.now,
      updatedAt: w.now,
    })
    .returning();
  await tx.insert(subscriptionEvents).values({
    subscriptionId: w.id,
    type: "started",
    toStatus: "active",
    data: { plan: plan.id, deliveryWeek: week, firstBox: w.firstBox, ...w.started },
    actor: "member",
    createdAt: w.now,
  });
  // The first box is paid as a renewal's is, and recorded the same way: its box row, its order
  // (in the member's orders, refundable by an admin), the credit it used and its "charged" row.
  const box = await ensureBox(tx, sub!, w.firstBox, { status: "charged", now: w.now });
  await recordBoxCharges(
    tx,
    [
      {
        sub: sub!,
        box,
        reference: w.charge.reference,
        attempt: 1,
        credit: w.charge.credit ?? 0,
        creditKey: w.charge.period,
      },
    ],
    w.now,
  );
  await enqueue(
    tx,
    sendSubscriptionConfirmationJob,
    { subscriptionId: w.id },
    { singletonKey: `subscription-started:${w.id}` },
  );
}

/**
 * Runs a start and turns its database troubles into answers: two submits of one key at once (the
 * loser reads the winner's), a second running subscription, the database away.
 */
export async function guardStart<T = StartSubscriptionOutcome>(
  key: string,
  start: () => Promise<T | StartSubscriptionOutcome>,
): Promise<T | StartSubscriptionOutcome> {
  try {
    return await start();
  } catch (error) {
    if (uniqueViolation(error)) {
      const winner = await findByKey(key);
      if (winner) return { ok: true, subscriptionId: winner.id, created: false };
      return failure("conflict", SUBSCRIBE_MESSAGES.alreadySubscribed);
    }
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, "subscribe: database unavailable");
      return failure("unavailable", SUBSCRIBE_MESSAGES.unavailable);
    }
    throw error;
  }
}

async function findByKey(key: string, tx: Database = db()) {
  const [row] = await tx
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.idempotencyKey, key));
  return row;
}

async function runningSubscriptionOf(userId: string, tx: Database = db()) {
  const [row] = await tx
    .select({ id: subscriptions.id, createdAt: subscriptions.createdAt })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...RUNNING_STATUSES])),
    )
    .limit(1);
  return row;
}

/**
 * A running subscription this young was started by the same sitting (another tab, a reload and
 * retry, a double press): that submit is answered with it. An older one is a member trying to
 * start a second, which is refused.
 */
const TWIN_WINDOW_MS = 15 * 60 * 1000;

function isTwin(running: { createdAt: Date }, now: Date): boolean {
  return now.getTime() - running.createdAt.getTime() < TWIN_WINDOW_MS;
}

/** Held by a start until it commits: one member's starts run one at a time. */
async function lockMember(tx: Database, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`subscribe-member:${userId}`}, 0))`,
  );
}

function uniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === "23505";
}
