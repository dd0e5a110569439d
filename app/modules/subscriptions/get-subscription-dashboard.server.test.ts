// /admin/subscriptions' figures against rows written here: counts by status now, cancellations in
// the last 30 days (from the history), monthly recurring revenue, churn over those running at the
// window's start (their status then read from the history), by region, and 12 months of new
// against cancelled in New Zealand months.
import { expect, test } from "vitest";
import { subscriptionEvents, type SubscriptionStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { getSubscriptionDashboard, lastMonths } from "./get-subscription-dashboard.server.ts";
import type { PlanId } from "./plans.ts";

testServices({ emptyBeforeEach: true });

const NOW = new Date("2026-11-26T00:00:00Z");

async function member(
  plan: PlanId,
  region: string,
  status: SubscriptionStatus,
  created: string,
  moves: [from: SubscriptionStatus, to: SubscriptionStatus, at: string][] = [],
) {
  const { id } = await insertSubscription({
    plan,
    region,
    now: new Date(`${created}T00:00:00Z`),
    overrides: { status },
  });
  for (const [from, to, at] of moves)
    await db()
      .insert(subscriptionEvents)
      .values({
        subscriptionId: id,
        type: to,
        fromStatus: from,
        toStatus: to,
        actor: "member",
        createdAt: new Date(`${at}T00:00:00Z`),
      });
  return id;
}

test("counts, revenue, churn, regions and months from the subscriptions and their history", async () => {
  await member("1m2", "Auckland", "active", "2026-06-10"); // running at the window's start
  await member("2m2", "Otago", "active", "2026-11-20"); // new since
  await member("0.5m2", "Auckland", "paused", "2026-05-01", [["active", "paused", "2026-09-01"]]);
  await member("1m2", "Canterbury", "past_due", "2026-04-01");
  // Cancelled inside the window: counted, and running at its start.
  await member("1m2", "Auckland", "cancelled", "2026-03-01", [
    ["active", "cancelled", "2026-11-10"],
  ]);
  // Cancelled before the window, then ended: neither counted nor in churn's base.
  await member("1m2", "Otago", "ended", "2026-01-15", [
    ["active", "cancelled", "2026-08-05"],
    ["cancelled", "ended", "2026-09-01"],
  ]);
  // Cancelled, kept (undone) and so running at the start, cancelled again before it: not running.
  await member("1m2", "Waikato", "cancelled", "2026-02-10", [
    ["active", "cancelled", "2026-09-20"],
    ["cancelled", "active", "2026-09-21"],
    ["active", "cancelled", "2026-10-01"],
  ]);

  const d = await getSubscriptionDashboard({ now: NOW });
  expect(d).toMatchObject({ active: 2, paused: 1, pastDue: 1, cancelled30: 1, windowDays: 30 });
  expect(d.mrr).toEqual([{ currency: "USD", amount: 3999 + 6999 }]);
  expect(d.churn).toEqual({ cancelled: 1, runningAtStart: 4, rate: 0.25 });
  expect(d.regions).toEqual([
    { region: "Auckland", active: 1, paused: 1, pastDue: 0, cancelled: 1, revenue: 3999 },
    { region: "Otago", active: 1, paused: 0, pastDue: 0, cancelled: 0, revenue: 6999 },
    { region: "Canterbury", active: 0, paused: 0, pastDue: 1, cancelled: 0, revenue: 0 },
  ]);
  expect(d.months.map((m) => m.month)).toEqual(lastMonths(NOW));
  const month = (m: string) => d.months.find((x) => x.month === m);
  expect(d.months[0]).toEqual({ month: "2025-12", started: 0, cancelled: 0 });
  expect(month("2026-01")).toEqual({ month: "2026-01", started: 1, cancelled: 0 });
  expect(month("2026-02")).toEqual({ month: "2026-02", started: 1, cancelled: 0 });
  expect(month("2026-08")).toEqual({ month: "2026-08", started: 0, cancelled: 1 });
  // Waikato's September cancellation was taken back the next day: it never stood.
  expect(month("2026-09")).toEqual({ month: "2026-09", started: 0, cancelled: 0 });
  expect(month("2026-10")).toEqual({ month: "2026-10", started: 0, cancelled: 1 });
  expect(month("2026-11")).toEqual({ month: "2026-11", started: 1, cancelled: 1 });
  expect(d.months.reduce((n, m) => n + m.started, 0)).toBe(7);
});

test("a cancellation the member took back is not churn; one made again after it is", async () => {
  await member("1m2", "Auckland", "active", "2026-06-10", [
    ["active", "cancelled", "2026-11-10"],
    ["cancelled", "active", "2026-11-12"],
  ]);
  await member("1m2", "Otago", "cancelled", "2026-06-10", [
    ["active", "cancelled", "2026-11-01"],
    ["cancelled", "active", "2026-11-02"],
    ["active", "cancelled", "2026-11-20"],
  ]);
  const d = await getSubscriptionDashboard({ now: NOW });
  expect(d.churn).toEqual({ cancelled: 1, runningAtStart: 2, rate: 0.5 });
  expect(d.cancelled30).toBe(1);
  expect(d.regions.map((r) => [r.region, r.cancelled])).toEqual([
    ["Auckland", 0],
    ["Otago", 1],
  ]);
  expect(d.months.find((m) => m.month === "2026-11")).toEqual({
    month: "2026-11",
    started: 0,
    cancelled: 1,
  });
});

test("with no subscriptions every figure is zero and churn is none, not a division by zero", async () => {
  const d = await getSubscriptionDashboard({ now: NOW });
  expect(d).toMatchObject({ active: 0, paused: 0, pastDue: 0, cancelled30: 0, mrr: [] });
  expect(d.churn).toEqual({ cancelled: 0, runningAtStart: 0, rate: null });
  expect(d.regions).toEqual([]);
  expect(d.months).toHaveLength(12);
});

test("the 12 months are New Zealand months, across a year's end", () => {
  // 31 December 2026, 11pm UTC is already 1 January 2027 in New Zealand.
  const months = lastMonths(new Date("2026-12-31T23:00:00Z"));
  expect(months[0]).toBe("2026-02");
  expect(months.at(-1)).toBe("2027-01");
  expect(lastMonths(new Date("2026-11-26T00:00:00Z"), 3)).toEqual([
    "2026-09",
    "2026-10",
    "2026-11",
  ]);
});
