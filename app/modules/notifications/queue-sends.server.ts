// A send run's fan-out: one send job a recipient, queued 500 to a statement. Each job has its own
// singletonKey (the run and the recipient), so running the fan-out again queues nobody twice.
import type { z } from "zod";
import { queue, type JobDefinition } from "#app/lib/queue.server.ts";

export async function queueSends<S extends z.ZodType, R>(
  job: JobDefinition<S>,
  recipients: readonly R[],
  sendTo: (recipient: R) => { data: z.infer<S>; singletonKey: string },
): Promise<void> {
  for (let i = 0; i < recipients.length; i += 500)
    await queue().insert(job.name, recipients.slice(i, i + 500).map(sendTo) as never);
}
