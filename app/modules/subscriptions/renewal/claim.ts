// Step 1 of a charge (ADR 064): claim it. In one short transaction the due rows are locked (FOR
// UPDATE SKIP LOCKED, so two workers never take the same subscription), everything that needs no
// money is settled there (cancelled periods end, skipped and paused periods move on, accounts that
// are gone end, prepaid subscriptions out of credit end), and each box to charge is marked claimed
// with its idempotency key, attempt and held credit. Then the transaction commits: the provider is
// called with no row lock and no pooled connection held (charge.ts), and the result is recorded
// in a second short transaction (record.ts). A claimed box is left alone by every other claim
// until it is recorded, or until its claim is stale and a later run resumes it (claimStale).
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { boxes, subscriptions, type ClaimedCharge } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import {
  upcomingBoxOn,
  type BoxRow,
  type SubscriptionRow,
} from "#app/modules/subscriptions/box-contents.server.ts";
import { valuesList } from "#app/modules/subscriptions/record-box-charges.server.ts";
import { ensureBoxes } from "./boxes.ts";
import { creditFor } from "./credit.ts";
import { endWithoutAccount, moveSubscriptions, recordEvents } from "./history.ts";
import { advancePeriods } from "./periods.ts";
import { endPrepaid } from "./prepaid.ts";
import { chargeKey, hasCard, type Run } from "./rules.ts";

export type ClaimKind = "renewal" | "retry" | "member";

/** A box claimed for one charge attempt, as the charge and its record see it. */
export interface Claim {
  sub: SubscriptionRow;
  box: BoxRow;
  kind: ClaimKind;
  attempt: number;
  /** The attempt's idempotency key, written on the box before the provider is called. */
  key: string;
  /** Cents of credit held for the box; the card pays the rest. */
  credit: number;
  /** The card charge as first asked (null: credit pays it all, or no card is saved). */
  charge: ClaimedCharge | null;
}

/**
 * What the provider is asked for this box, fixed when it is claimed: a resume asks exactly the
 * same, whatever card or plan the subscription has by then (Stripe refuses a replayed key with
 * other parameters, and would leave the box claimed for ever).
 */
export function chargeOf(sub: SubscriptionRow, box: BoxRow, credit: number): ClaimedCharge | null {
  const amount = box.amount - credit;
  if (amount <= 0 || !sub.providerCustomerId || !sub.providerPaymentMethodId) return null;
  return {
    customerId: sub.providerCustomerId,
    paymentMethodId: sub.providerPaymentMethodId,
    amount,
    currency: box.currency,
    description: `${box.plan} garden box, ${box.deliverOn}`,
  };
}

/** No box of this subscription is claimed (a claimed one waits for its record). */
const unclaimed = sql`not exists (select 1 from ${boxes} cb
  where cb.subscription_id = ${subscriptions.id} and cb.claimed_at is not null)`;

/** Marks the boxes claimed (wall-clock claimed_at, so a lease is real time whatever `now` is). */
export async function markClaimed(
  tx: Database,
  items: readonly { sub: SubscriptionRow; box: BoxRow; kind: ClaimKind; attempt: number }[],
  credit: ReadonlyMap<string, number>,
): Promise<Claim[]> {
  if (items.length === 0) return [];
  const claims = items.map((i) => {
    const held = credit.get(i.box.id) ?? 0;
    return {
      ...i,
      key: chargeKey(i.sub.id, i.box.deliverOn, i.attempt),
      credit: held,
      charge: chargeOf(i.sub, i.box, held),
    };
  });
  const rows = claims.map(
    (c) =>
      sql`(${c.box.id}::uuid, ${c.key}::text, ${c.attempt}::int, ${c.kind}::text, ${c.credit}::int, ${c.charge ? JSON.stringify(c.charge) : null}::jsonb)`,
  );
  // Only a box nobody has claimed: two runs (or two lanes of one run) may both have read a
  // subscription as unclaimed, one just before the other's claim committed; the update re-reads
  // the box's newest version (READ COMMITTED), so exactly one of them claims it and the other
  // leaves it alone.
  const taken = (await tx.execute(sql`
    update ${boxes} b
       set claimed_at = clock_timestamp(), claim_key = v.key, claim_attempt = v.attempt,
           claim_kind = v.kind, credit_held = v.credit, claim_charge = v.charge
      from ${valuesList(rows)} as v(id, key, attempt, kind, credit, charge)
     where b.id = v.id and b.claimed_at is null
    returning b.id`)) as unknown as { rows: { id: string }[] };
  const ids = new Set(taken.rows.map((r) => r.id));
  return claims.filter((c) => ids.has(c.box.id));
}

/**
 * One batch of due renewals: settles what needs no money and claims the rest. Answers how many
 * subscriptions it took (0: none is due) and the claims to charge.
 */
export async function claimRenewals(
  tx: Database,
  { now, size, tally }: Run,
): Promise<{ taken: number; claims: Claim[] }> {
  const due = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ["active", "paused", "cancelled"]),
        lte(subscriptions.currentPeriodEnd, now),
        unclaimed,
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(size)
    .for("update", { of: subscriptions, skipLocked: true });
  if (due.length === 0) return { taken: 0, claims: [] };

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
  const passOver = paused.map((s) => ({ sub: s, on: upcomingBoxOn(s), reason: "paused" }));
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
  const over = dueBoxes.filter(
    (c) => !hasCard(c.sub) && c.box.amount > (credit.get(c.box.id) ?? 0),
  );
  await endPrepaid(tx, over, now);
  tally.prepaidOver += over.length;
  const toClaim = dueBoxes
    .filter((c) => !over.includes(c))
    .map((c) => ({ ...c, kind: "renewal" as const, attempt: 1 }));
  return { taken: due.length, claims: await markClaimed(tx, toClaim, credit) };
}

/** One batch of failed payments whose scheduled retry is due: claimed for their next attempt. */
export async function claimRetries(
  tx: Database,
  { now, size, tally }: Run,
): Promise<{ taken: number; claims: Claim[] }> {
  const due = await tx
    .select({ sub: subscriptions, box: boxes })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .where(
      and(
        eq(boxes.status, "payment_failed"),
        lte(boxes.nextAttemptAt, now),
        isNull(boxes.claimedAt),
        eq(subscriptions.status, "past_due"),
      ),
    )
    .orderBy(asc(boxes.nextAttemptAt))
    .limit(size)
    .for("update", { skipLocked: true });
  if (due.length === 0) return { taken: 0, claims: [] };
  const gone = await endWithoutAccount(
    tx,
    due.map((d) => d.sub),
    now,
  );
  tally.skippedNoAccount += gone.size;
  const live = due.filter((d) => !gone.has(d.sub.id));
  const credit = await creditFor(tx, live);
  const toClaim = live.map((d) => ({
    ...d,
    kind: "retry" as const,
    attempt: d.box.attempts + 1,
  }));
  return { taken: due.length, claims: await markClaimed(tx, toClaim, credit) };
}

/**
 * Claims an earlier run left unrecorded (its worker died between the claim and the record),
 * older than the lease: taken over (claimed_at renewed) with their own key, attempt and credit,
 * so the provider answers the charge already made, if it was, rather than making a second.
 */
export async function claimStale(tx: Database, { size, leaseMs }: Run): Promise<Claim[]> {
  const rows = await tx
    .select({ sub: subscriptions, box: boxes })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .where(
      sql`${boxes.claimedAt} is not null
        and ${boxes.claimedAt} <= clock_timestamp() - make_interval(secs => ${leaseMs / 1000})`,
    )
    .orderBy(asc(boxes.claimedAt))
    .limit(size)
    .for("update", { of: boxes, skipLocked: true });
  if (rows.length === 0) return [];
  await tx
    .update(boxes)
    .set({ claimedAt: sql`clock_timestamp()` })
    .where(
      inArray(
        boxes.id,
        rows.map((r) => r.box.id),
      ),
    );
  return rows.map(({ sub, box }) => ({
    sub,
    box,
    kind: box.claimKind ?? "renewal",
    attempt: box.claimAttempt ?? 1,
    key: box.claimKey ?? chargeKey(sub.id, box.deliverOn, box.claimAttempt ?? 1),
    credit: box.creditHeld,
    // A claim made before the charge was kept (or with credit paying it all) is asked afresh.
    charge: box.claimCharge ?? chargeOf(sub, box, box.creditHeld),
  }));
}
