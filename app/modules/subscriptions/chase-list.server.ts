// The chase list (issue 40, ADR 074): box payments that were declined and are still to be paid,
// with the member, the amount, the attempts so far, the next scheduled retry, why the last one
// failed and when the member was last reminded; and an admin's one-press reminder to update the
// card. A reminder is one e-mail per box per failed attempt (its key names the attempt), so a
// press sent twice, or two admins pressing, e-mails once; after the next failed retry another
// reminder can go.
import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { boxes, notifications, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { z } from "#app/lib/zod.ts";
import { boxEmailKey, sendBoxEmailJob } from "./send-box-email.server.ts";

export const CHASE_MESSAGES = {
  box: "Choose a box on the list.",
  gone: "That box's payment isn't waiting any more: it was paid, or it went unpaid.",
  already: "The member was reminded after this attempt already.",
} as const;

export interface ChaseRow {
  boxId: string;
  subscriptionId: string;
  name: string;
  email: string;
  deliverOn: string;
  amount: number;
  currency: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  /** When the last reminder from this list was sent (or queued), if ever. */
  remindedAt: Date | null;
  /** Whether this attempt's reminder has gone already. */
  remindedThisAttempt: boolean;
}

export async function listFailedPayments(): Promise<ChaseRow[]> {
  const rows = await db()
    .select({
      boxId: boxes.id,
      subscriptionId: subscriptions.id,
      name: subscriptions.name,
      email: subscriptions.email,
      deliverOn: boxes.deliverOn,
      amount: boxes.amount,
      currency: boxes.currency,
      attempts: boxes.attempts,
      nextAttemptAt: boxes.nextAttemptAt,
      lastError: boxes.lastError,
      remindedAt: sql<
        string | null
      >`(select max(coalesce(${notifications.sentAt}, ${notifications.createdAt}))
        from ${notifications} where ${notifications.idempotencyKey} like 'box-email:' || ${boxes.id} || ':card_reminder:%')`,
      remindedThisAttempt: sql<boolean>`exists (select 1 from ${notifications}
        where ${notifications.idempotencyKey} = 'box-email:' || ${boxes.id} || ':card_reminder:' || ${boxes.attempts})`,
    })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .where(eq(boxes.status, "payment_failed"))
    .orderBy(asc(boxes.nextAttemptAt), asc(boxes.deliverOn));
  return rows.map((r) => ({
    ...r,
    remindedAt: r.remindedAt ? new Date(r.remindedAt) : null,
    remindedThisAttempt: Boolean(r.remindedThisAttempt),
  }));
}

/** A UUID made from a key (the first 16 bytes of its SHA-256, marked as version 8). */
function jobIdOf(key: string): string {
  const b = createHash("sha256").update(key).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const remindSchema = z.object({ boxId: z.uuid({ message: CHASE_MESSAGES.box }) });

/** Queues the card-update reminder for a declined box: once per failed attempt. */
export async function sendCardReminder(raw: unknown): Promise<Outcome> {
  const parsed = remindSchema.safeParse(raw);
  if (!parsed.success) return failure("invalid", CHASE_MESSAGES.box);
  return db().transaction(async (tx) => {
    const [box] = await tx
      .select({
        id: boxes.id,
        status: boxes.status,
        attempts: boxes.attempts,
        next: boxes.nextAttemptAt,
        email: subscriptions.email,
      })
      .from(boxes)
      .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
      .where(eq(boxes.id, parsed.data.boxId))
      .for("update", { of: boxes });
    if (!box) return failure("not-found", CHASE_MESSAGES.box);
    if (box.status !== "payment_failed") return failure("conflict", CHASE_MESSAGES.gone);
    const payload = {
      boxId: box.id,
      kind: "card_reminder" as const,
      attempt: box.attempts,
      ...(box.next ? { nextAttemptAt: box.next.toISOString() } : {}),
    };
    const key = boxEmailKey(payload);
    const [sent] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.idempotencyKey, key));
    if (sent) return failure("conflict", CHASE_MESSAGES.already);
    // The job's id is made from the key: a second press while the first is queued adds no job.
    const queued = await enqueue(tx, sendBoxEmailJob, payload, { id: jobIdOf(key) });
    if (!queued) return failure("conflict", CHASE_MESSAGES.already);
    return { ok: true, message: `A reminder to update the card is on its way to ${box.email}.` };
  });
}
