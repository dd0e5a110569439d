// The figures at the top of /admin/subscriptions (issue 21): how many subscriptions are active,
// paused and past due now, how many were cancelled in the last 30 days, monthly recurring revenue
// (the monthly prices of the active ones), churn (cancelled in the 30 days, and not taken back, over those running at
// the window's start), the same by region, and new against cancelled for each of the last 12
// New Zealand months. Status at a past moment is read from the history (subscription_events).
import { and, count, eq, gte, lt, sql, sum } from "drizzle-orm";
import { subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { nzToday } from "./box-dates.ts";

const DAY_MS = 86_400_000;
/** The window counts and churn look back over. */
export const CHURN_WINDOW_DAYS = 30;
/** Months the "over time" chart shows, this one included. */
export const CHART_MONTHS = 12;

const nzMonth = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'Pacific/Auckland', 'YYYY-MM')`;

/** "2026-11" and the 11 months before it, oldest first. */
export function lastMonths(now: Date, n = CHART_MONTHS): string[] {
  const [year, month] = nzToday(now).split("-").map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const m = year * 12 + (month - 1) - (n - 1 - i);
    return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`;
  });
}

export async function getSubscriptionDashboard({ now = new Date() }: { now?: Date } = {}) {
  const windowStart = new Date(now.getTime() - CHURN_WINDOW_DAYS * DAY_MS);
  const months = lastMonths(now);
  const firstMonthStart = sql`(${`${months[0]}-01`}::timestamp at time zone 'Pacific/Auckland')`;
  // Churn counts the cancellations that stood: one the member took back (kept their subscription
  // before its period ended) was never a lost subscriber.
  const stood = sql`not exists (
    select 1 from ${subscriptionEvents} later
    where later.subscription_id = ${subscriptionEvents.subscriptionId}
      and later.from_status = 'cancelled' and later.to_status in ('active', 'paused', 'past_due')
      and later.created_at > ${subscriptionEvents.createdAt})`;
  const cancelledInWindow = and(
    eq(subscriptionEvents.toStatus, "cancelled"),
    stood,
    gte(subscriptionEvents.createdAt, windowStart),
    lt(subscriptionEvents.createdAt, now),
  );
  const statusAtStart = sql`coalesce((
    select e.to_status from ${subscriptionEvents} e
    where e.subscription_id = ${subscriptions.id} and e.to_status is not null
      and e.created_at < ${windowStart.toISOString()}::timestamptz
    order by e.created_at desc limit 1), 'active')`;

  const [byStatus, cancelled, runningAtStart, byRegion, cancelledByRegion, started, ended] =
    await Promise.all([
      db()
        .select({
          status: subscriptions.status,
          currency: subscriptions.currency,
          n: count(),
          revenue: sum(subscriptions.price).mapWith(Number),
        })
        .from(subscriptions)
        .groupBy(subscriptions.status, subscriptions.currency),
      db()
        .select({
          n: sql<number>`count(distinct ${subscriptionEvents.subscriptionId})`.mapWith(Number),
        })
        .from(subscriptionEvents)
        .where(cancelledInWindow),
      db()
        .select({ n: count() })
        .from(subscriptions)
        .where(
          and(
            lt(subscriptions.createdAt, windowStart),
            sql`${statusAtStart} in ('active', 'paused', 'past_due')`,
          ),
        ),
      db()
        .select({
          region: subscriptions.region,
          active: sql<number>`count(*) filter (where ${subscriptions.status} = 'active')`.mapWith(
            Number,
          ),
          paused: sql<number>`count(*) filter (where ${subscriptions.status} = 'paused')`.mapWith(
            Number,
          ),
          pastDue:
            sql<number>`count(*) filter (where ${subscriptions.status} = 'past_due')`.mapWith(
              Number,
            ),
          revenue:
            sql<number>`coalesce(sum(${subscriptions.price}) filter (where ${subscriptions.status} = 'active'), 0)`.mapWith(
              Number,
            ),
        })
        .from(subscriptions)
        .groupBy(subscriptions.region),
      db()
        .select({
          region: subscriptions.region,
          n: sql<number>`count(distinct ${subscriptions.id})`.mapWith(Number),
        })
        .from(subscriptionEvents)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionEvents.subscriptionId))
        .where(cancelledInWindow)
        .groupBy(subscriptions.region),
      db()
        .select({ month: nzMonth(subscriptions.createdAt), n: count() })
        .from(subscriptions)
        .where(and(gte(subscriptions.createdAt, firstMonthStart), lt(subscriptions.createdAt, now)))
        .groupBy(sql`1`),
      db()
        .select({
          month: nzMonth(subscriptionEvents.createdAt),
          n: sql<number>`count(distinct ${subscriptionEvents.subscriptionId})`.mapWith(Number),
        })
        .from(subscriptionEvents)
        .where(
          and(
            eq(subscriptionEvents.toStatus, "cancelled"),
            stood,
            gte(subscriptionEvents.createdAt, firstMonthStart),
            lt(subscriptionEvents.createdAt, now),
          ),
        )
        .groupBy(sql`1`),
    ]);

  const countOf = (status: string) =>
    byStatus.filter((r) => r.status === status).reduce((n, r) => n + r.n, 0);
  // Prices are kept in the currency they were chosen in; each currency is summed on its own.
  const mrr = byStatus
    .filter((r) => r.status === "active")
    .map((r) => ({ currency: r.currency, amount: r.revenue ?? 0 }))
    .sort((a, b) => b.amount - a.amount);
  const cancelledCount = cancelled[0]?.n ?? 0;
  const base = runningAtStart[0]?.n ?? 0;
  const cancelledIn = new Map(cancelledByRegion.map((r) => [r.region, r.n]));
  const regions = byRegion
    .map((r) => ({ ...r, cancelled: cancelledIn.get(r.region) ?? 0 }))
    .filter((r) => r.active + r.paused + r.pastDue + r.cancelled > 0)
    .sort((a, b) => b.active - a.active || a.region.localeCompare(b.region));
  const startedIn = new Map(started.map((r) => [r.month, r.n]));
  const endedIn = new Map(ended.map((r) => [r.month, r.n]));
  return {
    windowDays: CHURN_WINDOW_DAYS,
    active: countOf("active"),
    paused: countOf("paused"),
    pastDue: countOf("past_due"),
    cancelled30: cancelledCount,
    mrr,
    churn: {
      cancelled: cancelledCount,
      runningAtStart: base,
      /** A fraction (0.05 is 5%), or null when nothing was running at the window's start. */
      rate: base === 0 ? null : cancelledCount / base,
    },
    regions,
    months: months.map((month) => ({
      month,
      started: startedIn.get(month) ?? 0,
      cancelled: endedIn.get(month) ?? 0,
    })),
  };
}

export type SubscriptionDashboard = Awaited<ReturnType<typeof getSubscriptionDashboard>>;
