// Sends a message at most once per idempotency key. A sender claims the record first; a claim is
// a lease, so if the sender dies mid-send another may take over after LEASE_MS and resend only that
// one message. Only a crash between the provider accepting and our record of it can duplicate.
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { notifications } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server.ts";
import { sendMail, type MailMessage } from "../../lib/mail.server.ts";

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

export async function deliverEmailOnce(
  request: DeliveryRequest,
  now = new Date(),
): Promise<DeliveryResult> {
  await db()
    .insert(notifications)
    .values({
      idempotencyKey: request.key,
      channel: "email",
      template: request.template,
      recipient: request.to,
      resourceType: request.resourceType,
      resourceId: request.resourceId,
    })
    .onConflictDoNothing({ target: notifications.idempotencyKey });

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
    if (row?.status === "sent") return "already-sent";
    throw new DeliveryInProgressError(`Message ${request.key} is being sent by another worker`);
  }

  try {
    const { messageId } = await sendMail(await request.message());
    await db()
      .update(notifications)
      .set({ status: "sent", sentAt: new Date(), providerId: messageId, lastError: null })
      .where(eq(notifications.id, claimed.id));
    return "sent";
  } catch (error) {
    await db()
      .update(notifications)
      .set({
        status: "failed",
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(eq(notifications.id, claimed.id));
    throw error;
  }
}
