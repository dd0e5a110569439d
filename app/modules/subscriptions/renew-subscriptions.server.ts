// The renewal engine (issue 21, ADRs 029 and 032). A run, every ten minutes and on demand, does
// three things in batches, each batch one transaction holding its subscriptions' row locks (FOR
// UPDATE SKIP LOCKED, so two workers share the work and never take the same subscription):
//
// 1. Reminders: three days before a box's charge, its row is made (the contents as they stand)
//    and the e-mail with the box, date, amount and skip/change links is queued.
// 2. Renewals: for every running subscription whose paid period has ended, its next box is charged
//    once (key subscription:<id>:box:<date>) through the SavedCardProvider, one order of kind
//    "subscription box" is made, the receipt e-mail queued, the box handed to packing (status
//    charged) and the period moved on. A skipped box and a paused subscription move the period
//    without a charge; a cancelled one ends. A failed charge makes the subscription past_due and
//    schedules retries.
// 3. Retries at 1, 3, 5 and 7 days after the first failure, each with its e-mail; after the last
//    the box goes unpaid and the subscription pauses (state machine: past_due → paused).
//
// Credit (ADR 040): before a box's card is charged, the member's credit pays what it can (one
// 'applied_to_box' row keyed by the box, written with the payment, so a re-run applies it once);
// the card pays the rest, and a box credit pays in full is paid without the card.
//
// Crash safety: the charge happens inside the batch's transaction, before anything is written. A
// worker killed at any point leaves either nothing (rolled back: the re-run charges again with the
// same idempotency key and the provider answers the same payment, never a second) or everything
// (committed: the period has moved on and nothing is due any more).
import { creditToUse } from "#app/modules/credits/credit-use.ts";
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { boxes, subscriptionEvents, subscriptions, users, type BoxLine } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { lockedBalances } from "#app/modules/credits/credit-ledger.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { countRenewals } from "#app/lib/metrics.server.ts";
import { log } from "#app/lib/log.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { defineCronJob, enqueueMany } from "#app/lib/queue.server.ts";
import {
  savedCardProvider,
  type ChargeResult,
  type SavedCardProvider,
} from "#app/modules/payments/saved-cards.server.ts";
import { cutoffOf, nextBoxDate, type DeliveryWeek } from "./box-dates.ts";
import {
  contentsFor,
  lockSubscription,
  monthOf,
  upcomingBoxOn,
  zoneOf,
  type BoxRow,
  type SubscriptionRow,
} from "./box-contents.server.ts";
import { boxTargetSchema } from "./boxes.schema.ts";
import { recordBoxCharges, valuesList, type BoxCharge } from "./record-box-charges.server.ts";
import { sendBoxEmailJob, type BoxEmailPayload } from "./send-box-email.server.ts";
import {
  transition,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from "./subscription-status.ts";

/** Days after the first failed charge when it is tried again; after the last, the box is unpaid. */
export const RETRY_DAYS = [1, 3, 5, 7] as const;
/** Days before the charge when the e-mail about the box goes out. */
export const REMINDER_DAYS = 3;

const DAY = 86_400_000;

export const RENEWAL_MESSAGES = {
  nothingToRetry: "There's no unpaid box to pay for, so nothing was charged.",
  retryBusy: "A payment for this box is already being taken. Please check again in a minute.",
  paid: "Thank you: your box is paid for and your subscription is running again.",
  notFound: "We couldn't find that subscription.",
  noProvider: "Card payments aren't available right now. Nothing has been charged.",
} as const;

export interface RenewalOptions {
  now?: Date;
  /** The saved-card provider; by default the configured one. */
  provider?: SavedCardProvider;
  /** Subscriptions per transaction. */
  batchSize?: number;
  /** Charges in flight at once within a batch (network calls to Stripe). */
  chargeConcurrency?: number;
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
}

const emptyTally = (): RenewalTally => ({
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
});

/** The idempotency key of a box's nth charge attempt: the first is the subscription + period. */
export function chargeKey(subscriptionId: string, deliverOn: string, attempt: number): string {
  const base = `subscription:${subscriptionId}:box:${deliverOn}`;
  return attempt <= 1 ? base : `${base}:attempt:${attempt}`;
}

function providerOf(options: RenewalOptions): SavedCardProvider {
  const provider = options.provider ?? savedCardProvider();
  if (!provider) throw new Error(RENEWAL_MESSAGES.noProvider);
  return provider;
}

/** What every batch of one run shares: its time, batch size, card provider and running tally. */
interface Run {
  now: Date;
  /** Subscriptions per transaction. */
  size: number;
  provider: SavedCardProvider;
  /** Charges in flight at once within a batch. */
  concurrency: number;
  tally: RenewalTally;
}

/** Runs every due reminder, renewal and retry, batch after batch, until none is left. */
export async function runRenewals(options: RenewalOptions = {}): Promise<RenewalTally> {
  const now = options.now ?? new Date();
  const size = options.batchSize ?? 500;
  const tally = emptyTally();
  while ((await remindBatch({ now, size, tally })) > 0);
  const provider = providerOf(options);
  const run: Run = { now, size, tally, provider, concurrency: options.chargeConcurrency ?? 8 };
  // Each batch's charges are counted for /metrics once its transaction has committed.
  const counted = async (batch: (run: Run) => Promise<number>) => {
    const before = {
      charged: tally.charged + tally.retriesPaid,
      failed: tally.failed + tally.retriesFailed,
    };
    const done = await batch(run);
    countRenewals(
      tally.charged + tally.retriesPaid - before.charged,
      tally.failed + tally.retriesFailed - before.failed,
    );
    return done;
  };
  while ((await counted(renewBatch)) > 0);
  while ((await counted(retryBatch)) > 0);
  return tally;
}

// ---------------------------------------------------------------------------------------------
// Reminders

/** The upcoming box's date in SQL, as nextBoxDate() works it out: the next month's chosen week. */
const upcomingOnSql = sql`((date_trunc('month', ${subscriptions.nextBoxOn}) + interval '1 month')::date + (${subscriptions.deliveryWeek} - 1) * 7)`;

async function remindBatch({ now, size, tally }: Pick<Run, "now" | "size" | "tally">) {
  const soon = new Date(now.getTime() + REMINDER_DAYS * DAY);
  return db().transaction(async (tx) => {
    const subs = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, "active"),
          gt(subscriptions.currentPeriodEnd, now),
          lte(subscriptions.currentPeriodEnd, soon),
          // No reminder for an account that is gone (the renewal then ends its subscription).
          sql`exists (select 1 from ${users} u where u.id = ${subscriptions.userId})`,
          sql`not exists (select 1 from ${boxes} b where b.subscription_id = ${subscriptions.id}
                and b.deliver_on = ${upcomingOnSql}
                and (b.reminded_at is not null or b.status <> 'scheduled'))`,
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(size)
      .for("update", { skipLocked: true });
    if (subs.length === 0) return 0;
    const made = await ensureBoxes(tx, subs, now);
    const ids = [...made.values()]
      .filter((b) => b.status === "scheduled" && !b.remindedAt)
      .map((b) => b.id);
    if (ids.length > 0) {
      await tx.update(boxes).set({ remindedAt: now, updatedAt: now }).where(inArray(boxes.id, ids));
      await queueEmails(
        tx,
        ids.map((boxId) => ({ boxId, kind: "reminder", attempt: 0 })),
      );
    }
    tally.reminded += ids.length;
    return subs.length;
  });
}

// ---------------------------------------------------------------------------------------------
// Boxes

/**
 * Each subscription's upcoming box row, made from the contents table where missing (one insert
 * for the batch; the contents read once per month, zone and plan). A box still scheduled for a
 * plan the subscription has since left is remade for its new plan.
 */
async function ensureBoxes(
  tx: Database,
  subs: readonly SubscriptionRow[],
  now: Date,
): Promise<Map<string, BoxRow>> {
  const found = new Map<string, BoxRow>();
  if (subs.length === 0) return found;
  const wanted = subs.map((s) => ({ sub: s, on: upcomingBoxOn(s) }));
  const pairs = sql.join(
    wanted.map((w) => sql`(${w.sub.id}::uuid, ${w.on}::date)`),
    sql`, `,
  );
  const existing = await tx
    .select()
    .from(boxes)
    .where(sql`(${boxes.subscriptionId}, ${boxes.deliverOn}) in (${pairs})`);
  for (const b of existing) found.set(b.subscriptionId, b);

  const cache = new Map<string, Promise<BoxLine[]>>();
  const contents = (on: string, zone: string, plan: string) => {
    const key = `${monthOf(on)}/${zone}/${plan}`;
    if (!cache.has(key)) cache.set(key, contentsFor(tx, monthOf(on), zone, plan));
    return cache.get(key)!;
  };
  const cutoffDays = settings().boxCutoffDays;
  const missing = wanted.filter((w) => !found.has(w.sub.id));
  if (missing.length > 0) {
    const values = [];
    for (const { sub, on } of missing) {
      const zone = zoneOf(sub);
      values.push({
        subscriptionId: sub.id,
        deliverOn: on,
        cutoffAt: cutoffOf(on, cutoffDays),
        status: "scheduled" as const,
        plan: sub.plan,
        zone,
        items: await contents(on, zone, sub.plan),
        amount: sub.price,
        currency: sub.currency,
        createdAt: now,
        updatedAt: now,
      });
    }
    const inserted = await tx
      .insert(boxes)
      .values(values)
      .onConflictDoNothing({ target: [boxes.subscriptionId, boxes.deliverOn] })
      .returning();
    for (const b of inserted) found.set(b.subscriptionId, b);
  }
  // A plan changed since the box was made: the box follows the plan until it is charged.
  for (const { sub } of wanted) {
    const box = found.get(sub.id);
    if (!box || box.status !== "scheduled" || box.plan === sub.plan) continue;
    const items = await contents(box.deliverOn, box.zone, sub.plan);
    const [remade] = await tx
      .update(boxes)
      .set({ plan: sub.plan, items, amount: sub.price, updatedAt: now })
      .where(eq(boxes.id, box.id))
      .returning();
    found.set(sub.id, remade!);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Renewals

async function renewBatch({ now, size, provider, concurrency, tally }: Run): Promise<number> {
  return db().transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, ["active", "paused", "cancelled"]),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(size)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;

    // Defence in depth: a subscription whose account is gone is never charged, whatever left it
    // running; it ends (state machine: account_deleted) without an e-mail.
    const gone = await endWithoutAccount(tx, due, now);
    tally.skippedNoAccount += gone.size;
    const live = due.filter((s) => !gone.has(s.id));
    const cancelled = live.filter((s) => s.status === "cancelled");
    const paused = live.filter((s) => s.status === "paused");
    const active = live.filter((s) => s.status === "active");
    // Cancelled subscriptions whose paid period is over end (state machine: period_over).
    await moveSubscriptions(
      tx,
      cancelled.map((sub) => ({ sub })),
      { to: "ended", event: "period_over", now },
      () => ({ type: "status", data: { event: "period_over" } }),
    );
    tally.ended += cancelled.length;

    const boxOf = await ensureBoxes(tx, active, now);
    const dueBoxes: { sub: SubscriptionRow; box: BoxRow }[] = [];
    const passOver: { sub: SubscriptionRow; on: string; reason: string }[] = paused.map((s) => ({
      sub: s,
      on: upcomingBoxOn(s),
      reason: "paused",
    }));
    for (const sub of active) {
      const box = boxOf.get(sub.id)!;
      if (box.status === "scheduled") dueBoxes.push({ sub, box });
      else passOver.push({ sub, on: box.deliverOn, reason: box.status });
    }
    await advancePeriods(tx, passOver, now);
    await recordEvents(
      tx,
      passOver.map(({ sub, on, reason }) => ({
        subscriptionId: sub.id,
        type: "period_renewed",
        data: { box: on, charged: false, reason },
      })),
      now,
    );
    tally.skipped += passOver.filter((p) => p.reason === "skipped").length;
    tally.pausedPeriods += passOver.filter((p) => p.reason === "paused").length;

    const credit = await creditFor(tx, dueBoxes);
    // A prepaid subscription (no card: a gift's, ADR 043) whose credit no longer pays the box ends
    // here: nothing is charged, and no card is ever asked for behind the member's back.
    const over = dueBoxes.filter(
      (c) => !hasCard(c.sub) && c.box.amount > (credit.get(c.box.id) ?? 0),
    );
    await endPrepaid(tx, over, now);
    tally.prepaidOver += over.length;
    const toCharge = dueBoxes.filter((c) => !over.includes(c));
    const results = await chargeAll(provider, toCharge, concurrency, () => 1, credit);
    const paid = toCharge.flatMap((c, i) => {
      const r = results[i]!;
      return r.ok
        ? [{ ...c, reference: r.reference, attempt: 1, credit: credit.get(c.box.id) ?? 0 }]
        : [];
    });
    const failed = toCharge.flatMap((c, i) => {
      const r = results[i]!;
      return r.ok ? [] : [{ ...c, message: r.message }];
    });
    await recordPaid(tx, paid, now);
    await recordFirstFailures(tx, failed, now);
    tally.charged += paid.length;
    tally.failed += failed.length;
    return due.length;
  });
}

/**
 * The credit each box's member has to pay it with, up to the box's amount (box id → cents), read
 * under the members' credits locks, which the batch's transaction then holds until the debits are
 * written with the payments.
 */
async function creditFor(
  tx: Database,
  items: readonly { sub: SubscriptionRow; box: BoxRow }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const held = await lockedBalances(
    tx,
    items.map((i) => i.sub.userId),
  );
  for (const { sub, box } of items) {
    const use = creditToUse(held.get(sub.userId) ?? 0, box.amount);
    if (use <= 0) continue;
    out.set(box.id, use);
    held.set(sub.userId, held.get(sub.userId)! - use);
  }
  return out;
}

/** The reference of a box paid by credit alone: no card was charged. */
export const creditReference = (subscriptionId: string, deliverOn: string) =>
  `credit:${chargeKey(subscriptionId, deliverOn, 1)}`;

/**
 * Charges each box's saved card (less its credit), a few at a time; a box its credit pays in full
 * is paid without the card. A provider's error fails the whole batch.
 */
async function chargeAll(
  provider: SavedCardProvider,
  items: readonly { sub: SubscriptionRow; box: BoxRow }[],
  concurrency: number,
  attemptOf: (box: BoxRow) => number,
  credit: ReadonlyMap<string, number>,
): Promise<ChargeResult[]> {
  const results: ChargeResult[] = new Array<ChargeResult>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const { sub, box } = items[i]!;
      const due = box.amount - (credit.get(box.id) ?? 0);
      if (due <= 0) {
        results[i] = { ok: true, reference: creditReference(sub.id, box.deliverOn) };
        continue;
      }
      if (!sub.providerCustomerId || !sub.providerPaymentMethodId) {
        results[i] = { ok: false, message: "There's no saved card for this subscription." };
        continue;
      }
      results[i] = await provider.chargeSavedCard({
        customerId: sub.providerCustomerId,
        paymentMethodId: sub.providerPaymentMethodId,
        amount: due,
        currency: box.currency,
        idempotencyKey: chargeKey(sub.id, box.deliverOn, attemptOf(box)),
        description: `${box.plan} garden box, ${box.deliverOn}`,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}

/** rows → `(values (...), (...))` for an update ... from. */
/** The period after `on`: it starts now (or at the old end) and runs to the next box's cutoff. */
function periodAfter(sub: SubscriptionRow, on: string) {
  const following = nextBoxDate(on, sub.deliveryWeek as DeliveryWeek);
  return { nextBoxOn: on, end: cutoffOf(following, settings().boxCutoffDays) };
}

/**
 * Moves each subscription's period past the box `on` (paid, skipped or not sent): next_box_on
 * becomes it and the period runs to the following box's cutoff. A subscription whose status
 * changes too (past_due → active or paused) gets `status`.
 */
async function advancePeriods(
  tx: Database,
  items: readonly { sub: SubscriptionRow; on: string; status?: SubscriptionStatus }[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map(({ sub, on, status }) => {
    const p = periodAfter(sub, on);
    const start = sub.currentPeriodEnd <= now ? sub.currentPeriodEnd : now;
    return sql`(${sub.id}::uuid, ${p.nextBoxOn}::date, ${start.toISOString()}::timestamptz, ${p.end.toISOString()}::timestamptz, ${status ?? sub.status}::text)`;
  });
  await tx.execute(sql`
    update ${subscriptions} s
       set next_box_on = v.next_box_on,
           current_period_start = v.period_start,
           current_period_end = v.period_end,
           status = v.status,
           updated_at = ${now.toISOString()}::timestamptz
      from ${valuesList(rows)} as v(id, next_box_on, period_start, period_end, status)
     where s.id = v.id`);
}

async function recordEvents(
  tx: Database,
  events: readonly {
    subscriptionId: string;
    type: string;
    fromStatus?: SubscriptionStatus;
    toStatus?: SubscriptionStatus;
    data: Record<string, unknown>;
  }[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(subscriptionEvents)
    .values(events.map((e) => ({ ...e, actor: "system", createdAt: now })));
}

async function queueEmails(tx: Database, emails: BoxEmailPayload[]): Promise<void> {
  await enqueueMany(
    tx,
    sendBoxEmailJob,
    emails.map((payload) => ({
      payload,
      options: { singletonKey: `box-email:${payload.boxId}:${payload.kind}:${payload.attempt}` },
    })),
  );
}

/**
 * Paid boxes: their records as every paid box's (record-box-charges.server.ts: the order, the box
 * charged, the credit, the history), the period moved on (a past_due subscription back to active)
 * and the receipt.
 */
async function recordPaid(
  tx: Database,
  paid: readonly Omit<BoxCharge, "creditKey">[],
  now: Date,
): Promise<void> {
  if (paid.length === 0) return;
  await recordBoxCharges(
    tx,
    paid.map((p) => ({ ...p, creditKey: chargeKey(p.sub.id, p.box.deliverOn, 1) })),
    now,
  );
  await advancePeriods(
    tx,
    paid.map(({ sub, box }) => ({ sub, on: box.deliverOn, status: "active" as const })),
    now,
  );
  await recordEvents(
    tx,
    paid
      .filter(({ sub }) => sub.status !== "active")
      .map(({ sub, box }) => ({
        subscriptionId: sub.id,
        type: "status",
        fromStatus: sub.status,
        toStatus: "active" as const,
        data: { event: "payment_succeeded", box: box.deliverOn },
      })),
    now,
  );
  await queueEmails(
    tx,
    paid.map(({ box, attempt }) => ({ boxId: box.id, kind: "charged", attempt })),
  );
}

/** A first charge declined: the box waits for its retries and the subscription is past due. */
async function recordFirstFailures(
  tx: Database,
  failed: readonly { sub: SubscriptionRow; box: BoxRow; message: string }[],
  now: Date,
): Promise<void> {
  if (failed.length === 0) return;
  const nextAt = new Date(now.getTime() + RETRY_DAYS[0] * DAY);
  await tx
    .update(boxes)
    .set({
      status: "payment_failed",
      attempts: 1,
      retries: 0,
      nextAttemptAt: nextAt,
      updatedAt: now,
    })
    .where(
      inArray(
        boxes.id,
        failed.map((f) => f.box.id),
      ),
    );
  // One message for all: the provider's words for a decline (kept per box for the admin).
  for (const f of failed)
    await tx.update(boxes).set({ lastError: f.message }).where(eq(boxes.id, f.box.id));
  await moveSubscriptions(
    tx,
    failed,
    { to: "past_due", event: "payment_failed", now },
    ({ box, message }) => ({
      type: "payment_failed",
      data: { box: box.deliverOn, attempt: 1, message, nextAttemptAt: nextAt.toISOString() },
    }),
  );
  await queueEmails(
    tx,
    failed.map(({ box }) => ({
      boxId: box.id,
      kind: "payment_failed",
      attempt: 1,
      nextAttemptAt: nextAt.toISOString(),
    })),
  );
}

/**
 * Moves each row's subscription `to` a status by `event` where the state machine allows it, and
 * records each move in its history (the event's type and data from `record`). Returns the rows
 * that moved.
 */
async function moveSubscriptions<T extends { sub: SubscriptionRow }>(
  tx: Database,
  rows: readonly T[],
  { to, event, now }: { to: SubscriptionStatus; event: SubscriptionEvent; now: Date },
  record: (row: T) => { type: string; data: Record<string, unknown> },
): Promise<T[]> {
  const moving = rows.filter(({ sub }) => transition(sub.status, to, event).ok);
  if (moving.length === 0) return moving;
  await tx
    .update(subscriptions)
    .set({ status: to, updatedAt: now })
    .where(
      inArray(
        subscriptions.id,
        moving.map(({ sub }) => sub.id),
      ),
    );
  await recordEvents(
    tx,
    moving.map((row) => ({
      subscriptionId: row.sub.id,
      fromStatus: row.sub.status,
      toStatus: to,
      ...record(row),
    })),
    now,
  );
  return moving;
}

/** Ends those of these subscriptions whose account no longer exists; answers their ids. */
async function endWithoutAccount(
  tx: Database,
  subs: readonly SubscriptionRow[],
  now: Date,
): Promise<Set<string>> {
  const userIds = [...new Set(subs.map((s) => s.userId))];
  const present = new Set(
    (await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map(
      (u) => u.id,
    ),
  );
  const orphans = subs.filter((s) => !present.has(s.userId));
  if (orphans.length === 0) return new Set();
  await moveSubscriptions(
    tx,
    orphans.map((sub) => ({ sub })),
    { to: "ended", event: "account_deleted", now },
    () => ({ type: "status", data: { event: "account_deleted" } }),
  );
  return new Set(orphans.map((s) => s.id));
}

/** Whether a card is saved on the subscription (a gift's prepaid one has none until added). */
export function hasCard(
  sub: Pick<SubscriptionRow, "providerCustomerId" | "providerPaymentMethodId">,
) {
  return Boolean(sub.providerCustomerId && sub.providerPaymentMethodId);
}

/**
 * Prepaid subscriptions whose credit doesn't pay the box due: the box is not sent (unpaid, nothing
 * charged) and the subscription ends (state machine: prepaid_over), with an e-mail saying so.
 */
async function endPrepaid(
  tx: Database,
  over: readonly { sub: SubscriptionRow; box: BoxRow }[],
  now: Date,
): Promise<void> {
  const ending = await moveSubscriptions(
    tx,
    over,
    { to: "ended", event: "prepaid_over", now },
    ({ box }) => ({ type: "status", data: { event: "prepaid_over", box: box.deliverOn } }),
  );
  if (ending.length === 0) return;
  await tx
    .update(boxes)
    .set({ status: "unpaid", lastError: PREPAID_OVER, nextAttemptAt: null, updatedAt: now })
    .where(
      inArray(
        boxes.id,
        ending.map((e) => e.box.id),
      ),
    );
  await queueEmails(
    tx,
    ending.map(({ box }) => ({ boxId: box.id, kind: "prepaid_over", attempt: 0 })),
  );
}

/** Why a prepaid subscription's box wasn't sent (kept on the box for the admin). */
export const PREPAID_OVER = "The credit no longer paid for a box and no card was saved.";

// ---------------------------------------------------------------------------------------------
// Retries

type RetryRow = { sub: SubscriptionRow; box: BoxRow };

async function retryBatch({ now, size, provider, concurrency, tally }: Run): Promise<number> {
  return db().transaction(async (tx) => {
    const due = await tx
      .select({ sub: subscriptions, box: boxes })
      .from(boxes)
      .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
      .where(
        and(
          eq(boxes.status, "payment_failed"),
          lte(boxes.nextAttemptAt, now),
          eq(subscriptions.status, "past_due"),
        ),
      )
      .orderBy(asc(boxes.nextAttemptAt))
      .limit(size)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const gone = await endWithoutAccount(
      tx,
      due.map((d) => d.sub),
      now,
    );
    tally.skippedNoAccount += gone.size;
    const live = due.filter((d) => !gone.has(d.sub.id));
    const outcome = await attemptAgain(tx, live, { provider, concurrency, now, scheduled: true });
    tally.retriesPaid += outcome.paid;
    tally.retriesFailed += outcome.failed;
    tally.unpaid += outcome.unpaid;
    return due.length;
  });
}

/**
 * Charges failed boxes again, each with its next attempt's key. `scheduled` retries count towards
 * the four; a retry the member starts (a new card) does not, and leaves the schedule as it was.
 */
async function attemptAgain(
  tx: Database,
  rows: readonly RetryRow[],
  options: Pick<Run, "provider" | "concurrency" | "now"> & { scheduled: boolean },
): Promise<{ paid: number; failed: number; unpaid: number; results: ChargeResult[] }> {
  const { provider, concurrency, now, scheduled } = options;
  const credit = await creditFor(tx, rows);
  const results = await chargeAll(provider, rows, concurrency, (box) => box.attempts + 1, credit);
  const paid: (RetryRow & { reference: string; attempt: number; credit: number })[] = [];
  let failed = 0;
  let unpaid = 0;
  for (const [i, row] of rows.entries()) {
    const r = results[i]!;
    const attempt = row.box.attempts + 1;
    if (r.ok) {
      paid.push({ ...row, reference: r.reference, attempt, credit: credit.get(row.box.id) ?? 0 });
      continue;
    }
    const retries = row.box.retries + (scheduled ? 1 : 0);
    if (scheduled && retries >= RETRY_DAYS.length) {
      await giveUp(tx, row, attempt, r.message, now);
      unpaid++;
      continue;
    }
    failed++;
    // The schedule counts from the first failure: each retry's time plus the gap to the next.
    const nextAt =
      scheduled && row.box.nextAttemptAt
        ? new Date(
            row.box.nextAttemptAt.getTime() +
              (RETRY_DAYS[retries]! - RETRY_DAYS[retries - 1]!) * DAY,
          )
        : row.box.nextAttemptAt;
    await tx
      .update(boxes)
      .set({
        attempts: attempt,
        retries,
        nextAttemptAt: nextAt,
        lastError: r.message,
        updatedAt: now,
      })
      .where(eq(boxes.id, row.box.id));
    await recordEvents(
      tx,
      [
        {
          subscriptionId: row.sub.id,
          type: "payment_failed",
          data: {
            box: row.box.deliverOn,
            attempt,
            message: r.message,
            nextAttemptAt: nextAt?.toISOString() ?? null,
            byMember: !scheduled,
          },
        },
      ],
      now,
    );
    if (scheduled)
      await queueEmails(tx, [
        {
          boxId: row.box.id,
          kind: "retry_failed",
          attempt,
          ...(nextAt ? { nextAttemptAt: nextAt.toISOString() } : {}),
        },
      ]);
  }
  await recordPaid(tx, paid, now);
  return { paid: paid.length, failed, unpaid, results };
}

/** The last retry failed: the box won't be sent and the subscription pauses (not cancels). */
async function giveUp(
  tx: Database,
  { sub, box }: RetryRow,
  attempt: number,
  message: string,
  now: Date,
): Promise<void> {
  await tx
    .update(boxes)
    .set({
      status: "unpaid",
      attempts: attempt,
      retries: RETRY_DAYS.length,
      nextAttemptAt: null,
      lastError: message,
      updatedAt: now,
    })
    .where(eq(boxes.id, box.id));
  const move = transition(sub.status, "paused", "retries_exhausted");
  await advancePeriods(
    tx,
    [{ sub, on: box.deliverOn, ...(move.ok ? { status: "paused" as const } : {}) }],
    now,
  );
  await recordEvents(
    tx,
    [
      {
        subscriptionId: sub.id,
        type: "status",
        ...(move.ok ? { fromStatus: sub.status, toStatus: "paused" as const } : {}),
        data: { event: "retries_exhausted", box: box.deliverOn, attempt, message },
      },
    ],
    now,
  );
  await queueEmails(tx, [{ boxId: box.id, kind: "paused", attempt }]);
}

export type RetryNowOutcome = Outcome<{ boxId: string }>;

/**
 * "Updating the card retries at once": charges the subscription's unpaid box with the card now
 * saved on it. Called by the member's side after it has saved the new card.
 */
export async function retryNow(
  subscriptionId: unknown,
  options: RenewalOptions & { userId?: string } = {},
): Promise<RetryNowOutcome> {
  const parsed = boxTargetSchema.shape.subscriptionId.safeParse(subscriptionId);
  if (!parsed.success) return failure("not-found", RENEWAL_MESSAGES.notFound);
  const now = options.now ?? new Date();
  const provider = options.provider ?? savedCardProvider();
  if (!provider) return failure("unavailable", RENEWAL_MESSAGES.noProvider);
  return db().transaction(async (tx) => {
    const sub = await lockSubscription(tx, parsed.data);
    if (!sub || (options.userId && sub.userId !== options.userId))
      return failure("not-found", RENEWAL_MESSAGES.notFound);
    if (sub.status !== "past_due") return failure("conflict", RENEWAL_MESSAGES.nothingToRetry);
    const [box] = await tx
      .select()
      .from(boxes)
      .where(and(eq(boxes.subscriptionId, sub.id), eq(boxes.status, "payment_failed")))
      .orderBy(sql`${boxes.deliverOn} desc`)
      .limit(1)
      .for("update");
    if (!box) return failure("conflict", RENEWAL_MESSAGES.nothingToRetry);
    const outcome = await attemptAgain(tx, [{ sub, box }], {
      provider,
      concurrency: 1,
      now,
      scheduled: false,
    });
    const result = outcome.results[0]!;
    if (!result.ok) return failure("invalid", result.message);
    return { ok: true, message: RENEWAL_MESSAGES.paid, boxId: box.id };
  });
}

// ---------------------------------------------------------------------------------------------
// The job

export const renewSubscriptionsJob = defineCronJob({
  name: "subscriptions.renew",
  cron: "*/10 * * * *",
  retryLimit: 5,
  run: async () => {
    const tally = await runRenewals();
    if (Object.values(tally).some((n) => n > 0)) log.info({ tally }, "subscription renewals");
  },
});
