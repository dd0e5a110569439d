// Sends a message at most once per idempotency key. A sender claims the record first; a claim is
// a lease, so if the sender dies mid-send another may take over after LEASE_MS and resend only that
// one message. Only a crash between the provider accepting and our record of it can duplicate.
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { notifications } from "#db/schema/index.ts";
import { batched } from "#app/lib/batch.server.ts";
import { db } from "#app/lib/db.server.ts";
import { defineJob, type JobDefinition } from "#app/lib/queue.server.ts";
import type { z } from "#app/lib/zod.ts";
import { sendMail, type MailMessage } from "#app/lib/mail.server.ts";
import { sendSms } from "#app/lib/sms.server.ts";

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

/** "suppressed": the address is on the suppression list, so nothing went (ADR 066). */
export type DeliveryResult = "sent" | "already-sent" | "suppressed";

/** Inserts the record if missing and claims it; null when it is already sent. */
async function claimDelivery(
  request: Omit<DeliveryRequest, "message">,
  channel: "email" | "sms",
  now: Date,
): Promise<{ id: string } | null> {
  // The first sender makes the record already claimed: one round trip in the usual case, shared
  // with the other sends of the same moment.
  const created = await createClaimed({ ...request, channel, claimedAt: now });
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
    if (row?.status === "sent" || row?.status === "suppressed") return null;
    throw new DeliveryInProgressError(`Message ${request.key} is being sent by another worker`);
  }
  return claimed;
}

type NewClaim = Omit<DeliveryRequest, "message"> & { channel: string; claimedAt: Date };

/** Inserts new records already claimed, one statement per batch; null for a key that exists. */
const createClaimed = batched<NewClaim, { id: string } | null>(async (claims) => {
  const column = <T>(pick: (c: NewClaim) => T) => sql.param(claims.map(pick));
  const result = (await db().execute(sql`
    insert into notifications (idempotency_key, channel, template, recipient, resource_type,
                               resource_id, status, claimed_at, attempts)
    select key, channel, template, recipient, resource_type, resource_id, 'sending', claimed_at, 1
    from unnest(
      ${column((c) => c.key)}::text[],
      ${column((c) => c.channel)}::text[],
      ${column((c) => c.template)}::text[],
      ${column((c) => c.to)}::text[],
      ${column((c) => c.resourceType ?? null)}::text[],
      ${column((c) => c.resourceId ?? null)}::text[],
      ${column((c) => c.claimedAt.toISOString())}::timestamptz[]
    ) as t(key, channel, template, recipient, resource_type, resource_id, claimed_at)
    on conflict (idempotency_key) do nothing
    returning id, idempotency_key`)) as unknown as {
    rows: { id: string; idempotency_key: string }[];
  };
  const made = new Map(result.rows.map((r) => [r.idempotency_key, r.id]));
  // Two sends of one key in a batch: the first has the claim, the other finds it taken.
  return claims.map((c) => {
    const id = made.get(c.key);
    made.delete(c.key);
    return id ? { id } : null;
  });
});

/**
 * The provider's answer to a send: its id for the message, or SUPPRESSED when sendMail() held it
 * back because the address is on the suppression list (ADR 066).
 */
export const SUPPRESSED = Symbol("suppressed");
type SendAnswer = string | undefined | typeof SUPPRESSED;

/**
 * Records sends the provider accepted (or the suppression list held back: 'suppressed', which no
 * retry sends), one statement per batch.
 */
const markSent = batched<{ id: string; providerId: SendAnswer }, void>(async (sent) => {
  await db().execute(sql`
    update notifications as n
    set status = v.status, sent_at = case when v.status = 'sent' then now() end,
        provider_id = v.provider_id,
        last_error = case when v.status = 'suppressed' then 'the address is suppressed' end
    from unnest(
      ${sql.param(sent.map((s) => s.id))}::uuid[],
      ${sql.param(sent.map((s) => (typeof s.providerId === "string" ? s.providerId : null)))}::text[],
      ${sql.param(sent.map((s) => (s.providerId === SUPPRESSED ? "suppressed" : "sent")))}::text[]
    ) as v(id, provider_id, status)
    where n.id = v.id`);
  return sent.map(() => undefined);
});

/** Sends through the provider and records the outcome on the claimed record. */
async function settleDelivery(id: string, send: () => Promise<SendAnswer>) {
  let providerId: SendAnswer;
  try {
    providerId = await send();
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
  await markSent({ id, providerId });
  return providerId;
}

/** The retry policy every send job shares: tried again up to 8 times, from 30 seconds on. */
export const SEND_JOB_RETRIES = { retryLimit: 8, retryDelaySeconds: 30 } as const;

/**
 * A job that sends one message through `send` (which decides whether to and delivers it once),
 * with the send retries. What `send` answers is for its other callers (tests, a page that sends at
 * once), not for the job.
 */
export function defineSendJob<S extends z.ZodType>(
  name: string,
  payload: S,
  send: (payload: z.infer<S>) => Promise<unknown>,
  how: Pick<JobDefinition<S>, "work" | "notify"> = {},
): JobDefinition<S> {
  return defineJob({
    name,
    payload,
    ...how,
    ...SEND_JOB_RETRIES,
    handle: async (p) => {
      await send(p);
    },
  });
}

/** Claims the send, then sends it and records the outcome, unless a claim stands already. */
async function deliverOnce(
  request: Omit<DeliveryRequest, "message">,
  channel: "email" | "sms",
  send: () => Promise<SendAnswer>,
  now: Date,
): Promise<DeliveryResult> {
  const claimed = await claimDelivery(request, channel, now);
  if (!claimed) return "already-sent";
  return (await settleDelivery(claimed.id, send)) === SUPPRESSED ? "suppressed" : "sent";
}

export async function deliverEmailOnce(
  request: DeliveryRequest,
  now = new Date(),
): Promise<DeliveryResult> {
  return deliverOnce(
    request,
    "email",
    // The key makes the Message-ID (ADR 044): a resend after a crash is the same message.
    async () => {
      const sent = await sendMail({ ...(await request.message()), idempotencyKey: request.key });
      return sent.suppressed ? SUPPRESSED : sent.messageId;
    },
    now,
  );
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
  return deliverOnce(
    request,
    "sms",
    async () => (await sendSms({ to: request.to, body: await request.body() })).id,
    now,
  );
}
