// The admin home's notice of jobs that used up their retries (ADR 068): the last 7 days' jobs in
// pg-boss's "failed" state, each with a retry (one more attempt) and a dismiss (its record goes;
// the alert log line written when it failed stays). An admin's form, parsed here with zod.
import { z } from "zod";
import { db } from "#app/lib/db.server.ts";
import { log } from "#app/lib/log.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import {
  dismissExhaustedJob,
  listExhaustedJobs,
  retryExhaustedJob,
  type ExhaustedJob,
} from "#app/lib/queue-jobs.server.ts";

export const EXHAUSTED_JOB_DAYS = 7;

export const EXHAUSTED_JOB_MESSAGES = {
  retried: "The job will run again in a moment.",
  dismissed: "The job was dismissed.",
  gone: "That job is no longer waiting for a decision: it may have been retried or dismissed already.",
  invalid: "Choose a job to retry or dismiss.",
} as const;

export function exhaustedJobs(): Promise<ExhaustedJob[]> {
  return listExhaustedJobs(db(), { days: EXHAUSTED_JOB_DAYS });
}

const actSchema = z.object({
  intent: z.enum(["retry-job", "dismiss-job"]),
  queue: z
    .string()
    .regex(/^[a-z0-9.-]{1,100}$/)
    .max(100),
  jobId: z.uuid(),
});

export function isExhaustedJobIntent(intent: unknown): boolean {
  return intent === "retry-job" || intent === "dismiss-job";
}

export async function actOnExhaustedJob(
  input: Record<string, unknown>,
  admin: { id: string },
): Promise<Outcome> {
  const parsed = actSchema.safeParse(input);
  if (!parsed.success) return failure("invalid", EXHAUSTED_JOB_MESSAGES.invalid);
  const { intent, queue, jobId } = parsed.data;
  const done =
    intent === "retry-job"
      ? await retryExhaustedJob(queue, jobId)
      : await dismissExhaustedJob(db(), queue, jobId);
  if (!done) return failure("conflict", EXHAUSTED_JOB_MESSAGES.gone);
  log.info({ queue, jobId, admin: admin.id, intent }, "admin acted on an exhausted job");
  return {
    ok: true,
    message:
      intent === "retry-job" ? EXHAUSTED_JOB_MESSAGES.retried : EXHAUSTED_JOB_MESSAGES.dismissed,
  };
}
