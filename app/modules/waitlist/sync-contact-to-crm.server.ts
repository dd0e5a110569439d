// Optional CRM webhook: each new or changed contact is POSTed as JSON, signed with HMAC-SHA256
// over "timestamp.body", through the queue with retries. Without the setting nothing is sent.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { defineJob } from "#app/lib/queue.server.ts";

export function signCrmBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export const syncContactToCrmJob = defineJob({
  name: "waitlist.sync-contact-to-crm",
  payload: z.object({ contactId: z.uuid(), event: z.enum(["created", "updated", "deleted"]) }),
  retryLimit: 10,
  retryDelaySeconds: 30,
  handle: async ({ contactId, event }) => {
    const crm = settings().crmWebhook;
    if (!crm) return;
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, contactId));
    const body = JSON.stringify({
      event: contact ? event : "deleted",
      contact: contact
        ? {
            id: contact.id,
            email: contact.email,
            phone: contact.phone,
            region: contact.region,
            address: contact.address,
            interests: contact.interests,
            growingSpace: contact.growingSpace,
            surveyData: contact.surveyData,
            plan: contact.plan,
            source: contact.source,
            timestamp: contact.timestamp.toISOString(),
            confirmed: Boolean(contact.confirmedAt),
            unsubscribed: Boolean(contact.unsubscribedAt),
          }
        : { id: contactId },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await fetch(crm.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Patch-Timestamp": timestamp,
        "X-Patch-Signature": signCrmBody(crm.secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`CRM webhook answered ${res.status}`);
  },
});
