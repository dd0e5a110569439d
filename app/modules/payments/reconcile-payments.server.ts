// The daily reconciliation (issue 36, ADR 065): for one New Zealand day, the payment provider's own
// charges and refunds (Stripe: the PaymentIntents and Refunds made that day, listed page by page)
// against the ones we recorded (paid orders, a box's order with only its card part, paid gifts;
// cancelled or refunded paid orders, refunded gifts), and every difference kept for the admins'
// money page: ours not at the provider, the provider's not ours, a different amount or status.
// A run replaces the day's earlier one, so the job can run again (a retry, an admin's re-run).
// Without Stripe keys the demo provider reconciles against its own records: the demo took no
// money, so there is nothing else to hold ours against (and its run is always clean).
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { z } from "zod";
import { reconciliationDifferences, reconciliationRuns } from "#db/schema/index.ts";
import type { ReconciliationKind } from "#db/schema/reconciliation.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { defineCronJob } from "#app/lib/queue.server.ts";
import { nzWallClock } from "#app/lib/nz-time.ts";
import { stripe, stripeEnabled } from "./stripe.server.ts";

/** A payment at the provider, in cents (GST included). */
export interface ProviderCharge {
  reference: string;
  amount: number;
  /** The provider's word: a PaymentIntent's "succeeded", "canceled"... */
  status: string;
}

export interface ProviderRefund {
  id: string;
  /** The payment it gives back. */
  reference: string;
  amount: number;
  status: string;
}

/** The provider's own records, as the reconciliation reads them. */
export interface PaymentLedger {
  name: "stripe" | "demo";
  /** Payments made in [from, to). */
  charges(from: Date, to: Date): Promise<ProviderCharge[]>;
  /** Refunds made in [from, to). */
  refunds(from: Date, to: Date): Promise<ProviderRefund[]>;
  /** One payment by its reference (ours, made another day), or null when the provider has none. */
  charge(reference: string): Promise<ProviderCharge | null>;
  /** Every refund of one payment, whenever made. */
  refundsOf(reference: string): Promise<ProviderRefund[]>;
}

const nzDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" });
/** The New Zealand date `days` after the one `at` falls on, YYYY-MM-DD. */
export function nzDayAfter(at: Date | string, days: number): string {
  const day = typeof at === "string" ? at : nzDate.format(at);
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Stripe's records through its list endpoints, `pageSize` a page (100 at most, Stripe's limit). */
export function stripeLedger(pageSize = 100): PaymentLedger {
  const refundOf = (r: Stripe.Refund): ProviderRefund => ({
    id: r.id,
    reference:
      typeof r.payment_intent === "string" ? r.payment_intent : (r.payment_intent?.id ?? ""),
    amount: r.amount,
    status: r.status ?? "unknown",
  });
  const chargeOf = (pi: Stripe.PaymentIntent): ProviderCharge => ({
    reference: pi.id,
    amount: pi.amount,
    status: pi.status,
  });
  return {
    name: "stripe",
    async charges(from, to) {
      const found: ProviderCharge[] = [];
      // The library pages on by itself (starting_after the last one seen) while has_more.
      for await (const pi of stripe().paymentIntents.list({
        created: { gte: seconds(from), lt: seconds(to) },
        limit: pageSize,
      }))
        found.push(chargeOf(pi));
      return found;
    },
    async refunds(from, to) {
      const found: ProviderRefund[] = [];
      for await (const r of stripe().refunds.list({
        created: { gte: seconds(from), lt: seconds(to) },
        limit: pageSize,
      }))
        found.push(refundOf(r));
      return found;
    },
    async charge(reference) {
      try {
        return chargeOf(await stripe().paymentIntents.retrieve(reference));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
    },
    async refundsOf(reference) {
      const found: ProviderRefund[] = [];
      for await (const r of stripe().refunds.list({ payment_intent: reference, limit: pageSize }))
        found.push(refundOf(r));
      return found;
    },
  };
}

/** One of our records of a payment, by the provider's reference. */
interface OurPayment {
  /** "order 1042", "gift 3f2a…" */
  ours: string;
  reference: string;
  /** What the card paid, in cents: a box's order less the credit that paid part of it. */
  amount: number;
  status: string;
  paid: boolean;
  /** Given back (a cancelled or refunded paid order, a refunded gift). */
  refunded: boolean;
}

const REFUNDED_ORDER = sql`('cancelled', 'refunded')`;

/**
 * Our payments with the provider: a paid order's card part (a box's "charged" history row says
 * what the card paid when credit paid the rest; a wholly credit-paid box has a `credit:` reference
 * and no payment) and paid gifts. `where` picks them (a day's, or some references).
 */
async function ourPayments(
  tx: Database,
  provider: string,
  where: { paidIn?: [Date, Date]; refundedIn?: [Date, Date]; references?: string[] },
): Promise<OurPayment[]> {
  const orderWhere = where.paidIn
    ? sql`o.paid_at >= ${where.paidIn[0].toISOString()}::timestamptz and o.paid_at < ${where.paidIn[1].toISOString()}::timestamptz`
    : where.refundedIn
      ? sql`o.status in ${REFUNDED_ORDER} and o.updated_at >= ${where.refundedIn[0].toISOString()}::timestamptz and o.updated_at < ${where.refundedIn[1].toISOString()}::timestamptz`
      : sql`o.payment_reference = any(${sql.param(where.references ?? [])}::text[])`;
  const giftWhere = where.paidIn
    ? sql`g.paid_at >= ${where.paidIn[0].toISOString()}::timestamptz and g.paid_at < ${where.paidIn[1].toISOString()}::timestamptz`
    : where.refundedIn
      ? sql`g.refunded_at >= ${where.refundedIn[0].toISOString()}::timestamptz and g.refunded_at < ${where.refundedIn[1].toISOString()}::timestamptz`
      : sql`g.payment_reference = any(${sql.param(where.references ?? [])}::text[])`;
  const found = (await tx.execute(sql`
    select 'order ' || o.number as ours, o.payment_reference as reference,
           coalesce((select (e.data->>'card')::int from subscription_events e
                      where e.type = 'charged' and e.data->>'order' = o.id::text
                      order by e.created_at desc limit 1), o.total)::int as amount,
           o.status, o.paid_at is not null as paid,
           o.paid_at is not null and o.status in ${REFUNDED_ORDER} as refunded
      from orders o
     where o.payment_provider = ${provider} and o.payment_reference is not null
       and o.payment_reference not like 'credit:%' and o.paid_at is not null and ${orderWhere}
    union all
    select 'gift ' || g.id, g.payment_reference, g.amount, g.status, g.paid_at is not null,
           g.status = 'refunded'
      from gifts g
     where g.payment_provider = ${provider} and g.payment_reference is not null
       and g.paid_at is not null and ${giftWhere}`)) as unknown as { rows: OurPayment[] };
  return found.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The demo provider's records are ours: what it "took" is what we wrote down. */
export function demoLedger(tx: Database = db()): PaymentLedger {
  const asCharge = (p: OurPayment): ProviderCharge => ({
    reference: p.reference,
    amount: p.amount,
    status: "succeeded",
  });
  const asRefund = (p: OurPayment): ProviderRefund => ({
    id: `demo_refund_${p.reference}`,
    reference: p.reference,
    amount: p.amount,
    status: "succeeded",
  });
  return {
    name: "demo",
    charges: async (from, to) =>
      (await ourPayments(tx, "demo", { paidIn: [from, to] })).map(asCharge),
    refunds: async (from, to) =>
      (await ourPayments(tx, "demo", { refundedIn: [from, to] })).map(asRefund),
    charge: async (reference) => {
      const [p] = await ourPayments(tx, "demo", { references: [reference] });
      return p ? asCharge(p) : null;
    },
    refundsOf: async (reference) =>
      (await ourPayments(tx, "demo", { references: [reference] }))
        .filter((p) => p.refunded)
        .map(asRefund),
  };
}

/** The provider payments are reconciled against: Stripe when its keys are set, else the demo. */
export function currentLedger(): PaymentLedger {
  return stripeEnabled() ? stripeLedger() : demoLedger();
}

export interface Difference {
  record: "charge" | "refund";
  kind: ReconciliationKind;
  reference: string;
  ours: string | null;
  ourAmount: number | null;
  providerAmount: number | null;
  ourStatus: string | null;
  providerStatus: string | null;
}

export interface ReconciliationRun {
  day: string;
  provider: string;
  ourCharges: number;
  providerCharges: number;
  ourRefunds: number;
  providerRefunds: number;
  differences: Difference[];
}

/** Refunds that gave money back or will (Stripe's pending ones complete on their own). */
const returned = (r: ProviderRefund) => r.status === "succeeded" || r.status === "pending";

/** The instants a New Zealand day runs between. */
export function nzDayBounds(day: string): [Date, Date] {
  const at = (d: string) => {
    const [year, month, date] = d.split("-").map(Number);
    return nzWallClock({ year: year!, month: month!, day: date! });
  };
  return [at(day), at(nzDayAfter(day, 1))];
}

/** Compares one day's records; stores nothing (reconcileDay does). */
export async function compareDay(
  day: string,
  ledger: PaymentLedger,
  tx: Database = db(),
): Promise<ReconciliationRun> {
  const [from, to] = nzDayBounds(day);
  const [theirCharges, theirRefunds, ourCharges, ourRefunds] = await Promise.all([
    ledger.charges(from, to),
    ledger.refunds(from, to),
    ourPayments(tx, ledger.name, { paidIn: [from, to] }),
    ourPayments(tx, ledger.name, { refundedIn: [from, to] }),
  ]);
  const found = new Map<string, Difference>();
  const add = (d: Omit<Difference, "ours" | "ourAmount" | "ourStatus"> & Partial<Difference>) =>
    found.set(`${d.record} ${d.kind} ${d.reference}`, {
      ours: null,
      ourAmount: null,
      ourStatus: null,
      ...d,
    });
  const mine = (o: OurPayment) => ({ ours: o.ours, ourAmount: o.amount, ourStatus: o.status });

  // Charges: each of ours at the provider, paid in full...
  const theirByReference = new Map(theirCharges.map((c) => [c.reference, c]));
  for (const o of ourCharges) {
    const p = theirByReference.get(o.reference) ?? (await ledger.charge(o.reference));
    const base = { record: "charge" as const, reference: o.reference, ...mine(o) };
    if (!p)
      add({ ...base, kind: "ours_not_at_provider", providerAmount: null, providerStatus: null });
    else if (p.status !== "succeeded")
      add({ ...base, kind: "status_mismatch", providerAmount: p.amount, providerStatus: p.status });
    else if (p.amount !== o.amount)
      add({ ...base, kind: "amount_mismatch", providerAmount: p.amount, providerStatus: p.status });
  }
  // ...and each of the provider's payments ours (paid: made today, it may have been paid later).
  const ourReferences = new Set(ourCharges.map((o) => o.reference));
  const strangers = theirCharges.filter(
    (c) => c.status === "succeeded" && !ourReferences.has(c.reference),
  );
  const known = new Map(
    (await ourPayments(tx, ledger.name, { references: strangers.map((c) => c.reference) })).map(
      (o) => [o.reference, o],
    ),
  );
  for (const p of strangers) {
    const o = known.get(p.reference);
    const base = {
      record: "charge" as const,
      reference: p.reference,
      providerAmount: p.amount,
      providerStatus: p.status,
    };
    if (!o) add({ ...base, kind: "provider_not_ours" });
    else if (!o.paid) add({ ...base, kind: "status_mismatch", ...mine(o) });
  }

  // Refunds: each of ours given back at the provider, in full...
  const theirRefundsOf = new Map<string, ProviderRefund[]>();
  for (const r of theirRefunds)
    theirRefundsOf.set(r.reference, [...(theirRefundsOf.get(r.reference) ?? []), r]);
  for (const o of ourRefunds) {
    const refunds = theirRefundsOf.get(o.reference) ?? (await ledger.refundsOf(o.reference));
    const back = refunds.filter(returned).reduce((s, r) => s + r.amount, 0);
    const base = { record: "refund" as const, reference: o.reference, ...mine(o) };
    if (refunds.length === 0)
      add({ ...base, kind: "ours_not_at_provider", providerAmount: null, providerStatus: null });
    else if (!refunds.some(returned))
      add({
        ...base,
        kind: "status_mismatch",
        providerAmount: 0,
        providerStatus: refunds[0]!.status,
      });
    else if (back !== o.amount)
      add({ ...base, kind: "amount_mismatch", providerAmount: back, providerStatus: "succeeded" });
  }
  // ...and each of the provider's refunds one we made.
  const ourRefunded = new Set(ourRefunds.map((o) => o.reference));
  const unexplained = [...theirRefundsOf].filter(([reference]) => !ourRefunded.has(reference));
  const refundedOurs = new Map(
    (
      await ourPayments(tx, ledger.name, {
        references: unexplained.map(([reference]) => reference),
      })
    ).map((o) => [o.reference, o]),
  );
  for (const [reference, refunds] of unexplained) {
    const o = refundedOurs.get(reference);
    const base = {
      record: "refund" as const,
      reference,
      providerAmount: refunds.filter(returned).reduce((s, r) => s + r.amount, 0),
      providerStatus: refunds[0]!.status,
    };
    if (!o) add({ ...base, kind: "provider_not_ours" });
    else if (!o.refunded) add({ ...base, kind: "status_mismatch", ...mine(o) });
  }

  return {
    day,
    provider: ledger.name,
    ourCharges: ourCharges.length,
    providerCharges: theirCharges.filter((c) => c.status === "succeeded").length,
    ourRefunds: ourRefunds.length,
    providerRefunds: theirRefunds.length,
    differences: [...found.values()],
  };
}

/** Reconciles a day and keeps what it found in place of the day's earlier run. */
export async function reconcileDay({
  day,
  ledger = currentLedger(),
  now = new Date(),
}: {
  day: string;
  ledger?: PaymentLedger;
  now?: Date;
}): Promise<ReconciliationRun> {
  const run = await compareDay(day, ledger);
  await db().transaction(async (tx) => {
    await tx
      .delete(reconciliationDifferences)
      .where(
        and(
          eq(reconciliationDifferences.day, day),
          eq(reconciliationDifferences.provider, run.provider),
        ),
      );
    if (run.differences.length > 0)
      await tx
        .insert(reconciliationDifferences)
        .values(
          run.differences.map((d) => ({ ...d, day, provider: run.provider, createdAt: now })),
        );
    const counts = {
      ranAt: now,
      ourCharges: run.ourCharges,
      providerCharges: run.providerCharges,
      ourRefunds: run.ourRefunds,
      providerRefunds: run.providerRefunds,
      differences: run.differences.length,
    };
    await tx
      .insert(reconciliationRuns)
      .values({ day, provider: run.provider, ...counts })
      .onConflictDoUpdate({
        target: [reconciliationRuns.day, reconciliationRuns.provider],
        set: counts,
      });
  });
  return run;
}

export const reconcileDaySchema = z.object({
  day: z.iso.date({ error: "Enter a date (YYYY-MM-DD)." }),
});

/** Each morning at 05:00 New Zealand time, yesterday (a day's late webhooks have settled by then). */
export const reconcilePaymentsJob = defineCronJob({
  name: "payments.reconcile-day",
  cron: "0 5 * * *",
  cronTimeZone: "Pacific/Auckland",
  retryLimit: 5,
  retryDelaySeconds: 300,
  run: () => reconcileDay({ day: nzDayAfter(new Date(), -1) }),
});
