// The progress of an e-mail run (a region's launch, a month's tips): a fan-out job lists the
// recipients and queues one send job each; each send's record has an idempotency key starting with
// the run's prefix (e.g. "launch:Otago:", "tips:2026-12:").
import { and, count, eq, like, sql } from "drizzle-orm";
import { notifications } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { countPendingJobs } from "#app/lib/queue-jobs.server.ts";

async function countSent(keyPrefix: string): Promise<number> {
  const [row] = await db()
    .select({ sent: count() })
    .from(notifications)
    .where(
      and(like(notifications.idempotencyKey, `${keyPrefix}%`), eq(notifications.status, "sent")),
    );
  return Number(row?.sent ?? 0);
}

export interface RunCounts {
  sent: number;
  /** Jobs of the run still to run (the fan-out, then the sends): 0 when it is over. */
  pending: number;
  /**
   * Recipients whose job has run without a sent message: unsubscribed or erased after the fan-out
   * (an erased person's sent record goes too), or given up on after every retry.
   */
  skipped: number;
}

/**
 * A run is over when none of its jobs is left, not when every recipient has a sent message:
 * someone who leaves after the fan-out never gets one. `jobs` are the run's fan-out and send job
 * names, whose data field `field` holds `value`.
 */
export async function sendRunCounts(run: {
  keyPrefix: string;
  jobs: { fanOut: string; send: string };
  field: string;
  value: string;
  recipients: number;
  fannedOutAt: Date | null;
}): Promise<RunCounts> {
  const ofRun = sql`data->>${run.field} = ${run.value}`;
  const [sent, sending, fanningOut] = await Promise.all([
    countSent(run.keyPrefix),
    countPendingJobs(db(), run.jobs.send, ofRun),
    countPendingJobs(db(), run.jobs.fanOut, ofRun),
  ]);
  return {
    sent,
    pending: sending + fanningOut,
    skipped: run.fannedOutAt ? Math.max(0, run.recipients - sent - sending) : 0,
  };
}

/** What a run's row keeps (a launch's, a month's tips'), beside what names the run. */
export interface SendRunRow {
  requestedAt: Date;
  requestedBy: string;
  recipients: number;
  fannedOutAt: Date | null;
}

/** Each run with its counts; `of` names a run's key prefix, its jobs and its field and value. */
export function withRunCounts<R extends SendRunRow>(
  runs: readonly R[],
  of: (
    run: R,
  ) => Pick<Parameters<typeof sendRunCounts>[0], "keyPrefix" | "jobs" | "field" | "value">,
): Promise<(R & RunCounts)[]> {
  return Promise.all(
    runs.map(async (run) => ({
      ...run,
      ...(await sendRunCounts({
        ...of(run),
        recipients: run.recipients,
        fannedOutAt: run.fannedOutAt,
      })),
    })),
  );
}
