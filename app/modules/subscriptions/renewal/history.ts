// The renewal's writes to a subscription's history and status: events (actor system), moves
// through the state machine, and the subscriptions whose account is gone (ended, never charged).
import { inArray } from "drizzle-orm";
import { subscriptionEvents, subscriptions, users } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import type { SubscriptionRow } from "#app/modules/subscriptions/box-contents.server.ts";
import {
  transition,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from "#app/modules/subscriptions/subscription-status.ts";

export interface NewEvent {
  subscriptionId: string;
  type: string;
  fromStatus?: SubscriptionStatus;
  toStatus?: SubscriptionStatus;
  data: Record<string, unknown>;
}

export async function recordEvents(
  tx: Database,
  events: readonly NewEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(subscriptionEvents)
    .values(events.map((e) => ({ ...e, actor: "system", createdAt: now })));
}

/**
 * Moves each row's subscription `to` a status by `event` where the state machine allows it, and
 * records each move in its history (the event's type and data from `record`). Returns the rows
 * that moved.
 */
export async function moveSubscriptions<T extends { sub: SubscriptionRow }>(
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

/** The ids of those of these members whose account still exists. */
export async function liveAccounts(tx: Database, userIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((u) => u.id));
}

/** Ends those of these subscriptions whose account no longer exists; answers their ids. */
export async function endWithoutAccount(
  tx: Database,
  subs: readonly SubscriptionRow[],
  now: Date,
): Promise<Set<string>> {
  const present = await liveAccounts(
    tx,
    subs.map((s) => s.userId),
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
