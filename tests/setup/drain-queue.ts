// Runs the queue until it is idle, so a test can then say "nothing more was sent" and mean it: every
// job of the given kinds that could still run (one queued to start later, a retry waiting out its
// back-off, one a worker of the test's own is running) has run, rather than a fixed wait having
// passed. Jobs are handled here, in the test's process, through their own definitions; then every
// message still on its way to the mail or text provider has arrived (sends-in-flight.server.ts).
import { sql } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { queue, type JobDefinition } from "#app/lib/queue.server.ts";
import { sendsSettled } from "#app/lib/sends-in-flight.server.ts";

/** The schema pg-boss keeps its tables in (startQueue's default, which every test uses). */
const JOB_TABLE = sql`pgboss.job`;

/**
 * Handles the due jobs of these kinds, moving later starts and retries forward to now, until none
 * is left to run or running. A job that fails is tried again (it may have been waiting on a send
 * another worker is finishing) after a short pause, until pg-boss's retry limit fails it for good.
 * Answers how many jobs it handled.
 */
export async function drainQueue(
  jobs: readonly JobDefinition[],
  { timeoutMs = 30_000 } = {},
): Promise<number> {
  const names = sql.param(jobs.map((j) => j.name));
  const until = Date.now() + timeoutMs;
  let handled = 0;
  for (;;) {
    await db().execute(sql`
      update ${JOB_TABLE} set start_after = now() - interval '1 second'
      where name = any(${names}::text[]) and state in ('created', 'retry')
        and start_after > now() - interval '1 second'`);
    let ran = 0;
    let failed = 0;
    for (const job of jobs) {
      // A batch at a time, its jobs side by side, as the queue's own workers run them.
      const batch = await queue().fetch<unknown>(job.name, { batchSize: 50 });
      ran += batch.length;
      await Promise.all(
        batch.map(async (j) => {
          try {
            await job.handle(job.payload.parse(j.data), { jobId: j.id, attempt: j.retryCount });
            await queue().complete(job.name, j.id);
          } catch (error) {
            failed++;
            await queue().fail(job.name, j.id, {
              message: error instanceof Error ? error.message : String(error),
            });
          }
        }),
      );
    }
    handled += ran;
    if (ran > 0 && failed === 0) continue;
    const busy = (await db().execute(sql`
      select count(*)::int as n from ${JOB_TABLE}
      where name = any(${names}::text[]) and state in ('created', 'retry', 'active')`)) as unknown as {
      rows: { n: number }[];
    };
    if (Number(busy.rows[0]?.n ?? 0) === 0) {
      // And whatever those jobs (or the test) started sending without waiting has been sent.
      await sendsSettled();
      return handled;
    }
    if (Date.now() > until)
      throw new Error(`the queue still had jobs after ${timeoutMs} ms: ${busy.rows[0]?.n}`);
    // A worker of the test's own is running a job, or one just failed: look again shortly.
    await new Promise((r) => setTimeout(r, 25));
  }
}
