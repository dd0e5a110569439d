// Sends a message at most once per idempotency key. A sender claims the record first; a claim is
// a lease, so if the sender dies mid-send another may take over after LEASE_MS and resend only that
// one message. Only a crash between the provider accepting and our record of it can duplicate.
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { notifications } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server.ts";
import { sendMail, type MailMessage } from "../../lib/mail.server.ts";
import { sendSms } from "../../lib/sms.server.ts";

export const LEASE_MS = 2 * 60_000;

export class DeliveryInProgressError extends Error {
  override name = "DeliveryInProgressError";
}

export interface DeliveryRequest {
  key: string;
  template: string;
  to: string;
  resourceType?: string;
  resourceId?: string;
  message: () => MailMessage | Promise<MailMessage>;
}

export type DeliveryResult = "sent" | "already-sent";

/** Inserts the record if missing and claims it; null when it is already sent. */
async function claimDelivery(
  request: Omit<DeliveryRequest, "message">,
  channel: "email" | "sms",
  now: Date,
): Promise<{ id: string } | null> {
  // The first sender makes the record already claimed: one round trip in the usual case.
  const [created] = await db()
    .insert(notifications)
    .values({
      idempotencyKey: request.key,
      channel,
      template: request.template,
      recipient: request.to,
      resourceType: request.resourceType,
      resourceId: request.resourceId,
      status: "sending",
      claimedAt: now,
      attempts: 1,
    })
    .onConflictDoNothing({ target: notifications.idempotencyKey })
    .returning({ id: notifications.id });
  if (created) return created;

  const leaseExpired = new Date(now.getTime() - LEASE_MS);
  const [claimed] = await db()
    .update(notifications)
    .set({ status: "sending", claimedAt: now, attempts: sql`${notifications.attempts} + 1` })
    .where(
      and(
        eq(notifications.idempotencyKey, request.key),
        or(
          inArray(notifications.status, ["pending", "failed"]),
          and(
            eq(notifications.status, "sending"),
            or(isNull(notifications.claimedAt), lt(notifications.claimedAt, leaseExpired)),
          ),
        ),
      ),
    )
    .returning({ id: notifications.id });

  if (!claimed) {
    const [row] = await db()
      .select({ status: notifications.status })
      .from(notifications)
      .where(eq(notifications.idempotencyKey, request.key));
    if (row?.status === "sent") return null;
    throw new DeliveryInProgressError(`Message ${request.key} is being sent by another worker`);
  }
  return claimed;
}

/** Sends through the provider and records the outcome on the claimed record. */
async function settleDelivery(id: string, send: () => Promise<string | undefined>) {
  try {
    const providerId = await send();
    await db()
      .update(notifications)
      .set({ status: "sent", sentAt: new Date(), providerId, lastError: null })
      .where(eq(notifications.id, id));
  } catch (error) {
    await db()
      .update(notifications)
      .set({
        status: "failed",
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(eq(notifications.id, id));
    throw error;
  }
}

export async function deliverEmailOnce(
  request: DeliveryRequest,
  now = new Date(),
): Promise<DeliveryResult> {
  const claimed = await claimDelivery(request, "email", now);
  if (!claimed) return "already-sent";
  await settleDelivery(claimed.id, async () => (await sendMail(await request.message())).messageId);
  return "sent";
}

export interface SmsDeliveryRequest extends Omit<DeliveryRequest, "message"> {
  /** The text's words; the number is `to`. */
  body: () => string | Promise<string>;
}

/** The same once-only send for text messages (channel "sms"), through sendSms(). */
export async function deliverSmsOnce(
  request: SmsDeliveryRequest,
  now = new Date(),
): Promise<DeliveryResult> {
  const claimed = await claimDelivery(request, "sms", now);
  if (!claimed) return "already-sent";
  await settleDelivery(
    claimed.id,
    async () => (await sendSms({ to: request.to, body: await request.body() })).id,
  );
  return "sent";
}
