// The one way a member's change reaches their subscription (issue 21): in one transaction holding
// the subscription's row lock, a change already made by this request key answers as it did the
// first time (a retried or doubled submit changes nothing twice); otherwise the use-case decides
// from the row as it is now, and its new values, a subscription_events row (the member's history)
// and the confirmation e-mail's job are written together. Status moves go through the state
// machine (`statusMove`). Each verb is its own file beside this one and only says what changes.
import { and, desc, eq, ne } from "drizzle-orm";
import { subscriptionEvents, subscriptions } from "#db/schema/index.ts";
import { db, isDatabaseUnavailable, type Database } from "#app/lib/db.server.ts";
import { log } from "#app/lib/log.server.ts";
import { failure, type Failure, type Outcome } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { MANAGE_MESSAGES } from "./manage.schema.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import {
  transition,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from "./subscription-status.ts";
import { findHistoryEvent } from "./subscription-history.server.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What a use-case decided: the change (new values, its history row, the words for it). */
export interface Change {
  set?: Partial<Omit<SubscriptionRow, "id" | "userId" | "idempotencyKey" | "createdAt">>;
  type: string;
  from?: SubscriptionStatus;
  to?: SubscriptionStatus;
  data?: Record<string, unknown>;
  /** Said on the page, in the e-mail and in the history. */
  message: string;
  /** Writes to the subscription's box rows, in the same transaction, after the row's update. */
  after?: (tx: Database, sub: SubscriptionRow) => Promise<void>;
  /** False when another e-mail tells the member already (a box's refund: its order's e-mail). */
  notify?: boolean;
}

/** Nothing to change (already so): said on the page, nothing written or sent. */
export interface Unchanged {
  unchanged: true;
  message: string;
}

export type Decision = Change | Unchanged | Failure;

export type ChangeOutcome<S extends object = object, F extends object = object> = Outcome<
  { message: string; changed: boolean; subscriptionId: string } & S,
  F
>;

export interface ChangeRequest {
  userId: string;
  requestKey: string;
  now?: Date;
  /** "member", "system", or "admin:<email>" when an admin acts for them. */
  actor?: string;
  /** This subscription of theirs rather than their current one (the calendar's sweeps). */
  subscriptionId?: string;
  /** Also once it has ended: a record about money, not a change to deliveries (a refund). */
  evenIfEnded?: boolean;
  /** The caller's transaction, when the change is one part of a larger one (an account's deletion). */
  tx?: Database;
}

/** The confirmation e-mail of one history row, queued in its transaction, sent once (its id). */
export async function queueChangeEmail(tx: Database, eventId: string): Promise<void> {
  await enqueue(
    tx,
    sendSubscriptionChangeJob,
    { eventId },
    { singletonKey: `subscription-change:${eventId}` },
  );
}

/** A status move through the state machine, or the refusal in the member's words. */
export function statusMove(
  sub: SubscriptionRow,
  to: SubscriptionStatus,
  event: SubscriptionEvent,
  refusal: string,
): { from: SubscriptionStatus; to: SubscriptionStatus } | Failure {
  const move = transition(sub.status, to, event);
  return move.ok ? { from: move.from, to: move.to } : failure("conflict", refusal);
}

/** The member's subscription: the running or cancelled one, else the latest that ended. */
export async function currentSubscription(
  userId: string,
  tx: Database = db(),
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "ended")))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const [open] = lock ? await query.for("update") : await query;
  if (open) return open;
  const [ended] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return ended;
}

/** The member's subscription by its id (an admin's page names which), locked when asked. */
export async function subscriptionOf(
  userId: string,
  id: string,
  tx: Database = db(),
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function changeSubscription(
  request: ChangeRequest,
  decide: (sub: SubscriptionRow, now: Date, tx: Database) => Decision | Promise<Decision>,
): Promise<ChangeOutcome> {
  const now = request.now ?? new Date();
  try {
    return await (request.tx ?? db()).transaction(async (tx) => {
      const sub = request.subscriptionId
        ? await subscriptionOf(request.userId, request.subscriptionId, tx, true)
        : await currentSubscription(request.userId, tx, true);
      if (!sub) return failure("not-found", MANAGE_MESSAGES.none);
      const earlier = await findHistoryEvent(tx, sub.id, {
        data: { requestKey: request.requestKey },
      });
      if (earlier)
        return {
          ok: true as const,
          changed: false,
          subscriptionId: sub.id,
          message: String(earlier.data.message ?? ""),
        };
      if (sub.status === "ended" && !request.evenIfEnded)
        return failure("conflict", MANAGE_MESSAGES.notRunning);

      const decision = await decide(sub, now, tx);
      if ("ok" in decision) return decision;
      if ("unchanged" in decision)
        return {
          ok: true as const,
          changed: false,
          subscriptionId: sub.id,
          message: decision.message,
        };

      const [updated] = await tx
        .update(subscriptions)
        .set({ ...decision.set, ...(decision.to ? { status: decision.to } : {}), updatedAt: now })
        .where(eq(subscriptions.id, sub.id))
        .returning();
      await decision.after?.(tx, updated!);
      const [event] = await tx
        .insert(subscriptionEvents)
        .values({
          subscriptionId: sub.id,
          type: decision.type,
          fromStatus: decision.from,
          toStatus: decision.to,
          data: { ...decision.data, message: decision.message, requestKey: request.requestKey },
          actor: request.actor ?? "member",
          createdAt: now,
        })
        .returning({ id: subscriptionEvents.id });
      if (decision.notify !== false) await queueChangeEmail(tx, event!.id);
      return {
        ok: true as const,
        changed: true,
        subscriptionId: sub.id,
        message: decision.message,
      };
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, "subscription change: database unavailable");
      return failure("unavailable", MANAGE_MESSAGES.unavailable);
    }
    throw error;
  }
}

/** Plan, address, week and card change only while the subscription runs (not once cancelled). */
export function notRunning(sub: SubscriptionRow): Failure | null {
  return sub.status === "cancelled" ? failure("conflict", MANAGE_MESSAGES.cancelled) : null;
}

/** A schema's refusal as a failure with its first message per field. */
export function refused(message: string, fieldErrors?: Record<string, string>): Failure {
  return failure("invalid", message, fieldErrors ? { fieldErrors } : undefined);
}
