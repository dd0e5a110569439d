// A send run's start and fan-out. The run starts once: its row is claimed and its fan-out job
// queued in one transaction. The fan-out queues one send job a recipient, 500 to a statement; each
// job has its own singletonKey (the run and the recipient), so running it again queues nobody twice.
import type { z } from "zod";
import { db } from "#app/lib/db.server.ts";
import { enqueue, queue, type JobDefinition } from "#app/lib/queue.server.ts";

export type RunRequest = { ok: true; started: boolean } | { ok: false; message: string };

/**
 * Starts a send run unless it has one already: `claim` inserts the run's row (returning nothing
 * when the row exists), and only a new row queues the fan-out job, in the same transaction.
 */
export function startRunOnce<S extends z.ZodType>(
  claim: (tx: Parameters<typeof enqueue>[0]) => Promise<readonly unknown[]>,
  fanOut: JobDefinition<S>,
  payload: z.infer<S>,
): Promise<RunRequest> {
  return db().transaction(async (tx) => {
    if ((await claim(tx)).length === 0) return { ok: true as const, started: false };
    await enqueue(tx, fanOut, payload);
    return { ok: true as const, started: true };
  });
}

/**
 * `perSecond`: the sends are spread at that pace from now (the i-th starts i / perSecond seconds
 * later), so a provider that takes one message a second from a sender (a Twilio number) is not
 * handed the whole list at once to refuse or queue for hours.
 */
export async function queueSends<S extends z.ZodType, R>(
  job: JobDefinition<S>,
  recipients: readonly R[],
  sendTo: (recipient: R) => { data: z.infer<S>; singletonKey: string },
  { perSecond, now = new Date() }: { perSecond?: number; now?: Date } = {},
): Promise<void> {
  for (let i = 0; i < recipients.length; i += 500)
    await queue().insert(
      job.name,
      recipients.slice(i, i + 500).map((r, j) => ({
        ...sendTo(r),
        ...(perSecond
          ? { startAfter: new Date(now.getTime() + Math.floor(((i + j) * 1000) / perSecond)) }
          : {}),
      })) as never,
    );
}
