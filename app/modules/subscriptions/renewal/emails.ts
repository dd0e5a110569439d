// The renewal's e-mails, queued in the caller's transaction (one job per box, kind and attempt:
// a re-run queues none twice).
import type { Database } from "#app/lib/db.server.ts";
import { enqueueMany } from "#app/lib/queue.server.ts";
import {
  sendBoxEmailJob,
  type BoxEmailPayload,
} from "#app/modules/subscriptions/send-box-email.server.ts";

export async function queueEmails(tx: Database, emails: BoxEmailPayload[]): Promise<void> {
  await enqueueMany(
    tx,
    sendBoxEmailJob,
    emails.map((payload) => ({
      payload,
      options: { singletonKey: `box-email:${payload.boxId}:${payload.kind}:${payload.attempt}` },
    })),
  );
}
