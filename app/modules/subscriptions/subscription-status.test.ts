import { describe, expect, test } from "vitest";
import {
  canTransition,
  nextStatuses,
  SUBSCRIPTION_STATUSES,
  transition,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from "./subscription-status.ts";

const EVENTS: SubscriptionEvent[] = [
  "pause",
  "resume",
  "payment_failed",
  "payment_succeeded",
  "retries_exhausted",
  "cancel",
  "undo_cancel",
  "period_over",
  "prepaid_over",
  "account_deleted",
];

// The expected table, written out by hand (not derived from the module): from → to → events.
const EXPECTED: Record<string, SubscriptionEvent[]> = {
  "active→paused": ["pause"],
  "active→past_due": ["payment_failed"],
  "active→cancelled": ["cancel"],
  "active→ended": ["prepaid_over", "account_deleted"],
  "paused→active": ["resume", "payment_succeeded"],
  "paused→cancelled": ["cancel"],
  "paused→ended": ["account_deleted"],
  "past_due→active": ["payment_succeeded"],
  "past_due→paused": ["retries_exhausted"],
  "past_due→cancelled": ["cancel"],
  "past_due→ended": ["account_deleted"],
  "cancelled→active": ["undo_cancel"],
  "cancelled→ended": ["period_over", "account_deleted"],
};

describe("every pair of statuses, by every event", () => {
  for (const from of SUBSCRIPTION_STATUSES) {
    for (const to of SUBSCRIPTION_STATUSES) {
      const allowed = EXPECTED[`${from}→${to}`] ?? [];
      test(`${from} → ${to}: ${allowed.length ? allowed.join(", ") : "refused"}`, () => {
        for (const event of EVENTS) {
          const expected = allowed.includes(event);
          expect(canTransition(from, to, event), `${from} → ${to} by ${event}`).toBe(expected);
          const result = transition(from, to, event);
          expect(result.ok).toBe(expected);
          if (!result.ok) expect(result.message).toContain(`${from} to ${to}`);
        }
      });
    }
  }
});

test("no status moves to itself, and ended is final", () => {
  for (const s of SUBSCRIPTION_STATUSES) expect(nextStatuses(s)).not.toContain(s);
  expect(nextStatuses("ended")).toEqual([]);
});

test("a failed payment pauses after the retries, never cancels by itself", () => {
  const paths: SubscriptionStatus[] = [];
  let s: SubscriptionStatus = "active";
  for (const [to, event] of [
    ["past_due", "payment_failed"],
    ["paused", "retries_exhausted"],
    ["active", "payment_succeeded"],
  ] as const) {
    expect(transition(s, to, event).ok).toBe(true);
    s = to;
    paths.push(s);
  }
  expect(paths).toEqual(["past_due", "paused", "active"]);
  for (const event of EVENTS)
    expect(canTransition("past_due", "cancelled", event)).toBe(event === "cancel");
});
