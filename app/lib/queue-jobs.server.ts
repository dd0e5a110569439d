// Reading and acting on the queue's jobs by what they say (pg-boss keeps them in one table):
// erasure's deletes, the pending counts, the development page's scheduled jobs, the queue report
// for /metrics and the exhausted jobs the admin home lists with Retry and Dismiss.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./db.server.ts";
import type { QueueStat } from "./metrics.server.ts";
import { isKnownQueue, knownQueueNames, queue, queueSchema } from "./queue.server.ts";

/**
 * pg-boss keeps every job, queued or finished, in one table (`<schema>.job`, partitioned by queue
 * name; this version has no separate archive) until its retention ends. Reading or deleting jobs by
 * what their data says goes straight to that table. A database where pg-boss hasn't made its
 * schema yet has no jobs.
 */
async function jobTable(tx: Database): Promise<SQL | null> {
  const result = (await tx.execute(
    sql`select to_regclass(quote_ident(${queueSchema()}) || '.job') is not null as "exists"`,
  )) as unknown as { rows: { exists: boolean }[] };
  return result.rows[0]?.exists ? sql`${sql.identifier(queueSchema())}.job` : null;
}

/**
 * Deletes, inside the caller's transaction, every job (any queue, any state: queued, retrying,
 * active, finished or failed) whose data matches `where`, a condition on the jsonb column `data`.
 * For erasure: the jobs that carry a person's details go with them.
 */
export async function deleteJobsWhere(tx: Database, where: SQL): Promise<number> {
  const table = await jobTable(tx);
  if (!table) return 0;
  const result = (await tx.execute(
    sql`delete from ${table} where ${where} returning id`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** How many jobs of a queue whose data matches `where` are still to run (queued, retrying, running). */
export async function countPendingJobs(tx: Database, name: string, where: SQL): Promise<number> {
  const table = await jobTable(tx);
  if (!table) return 0;
  const result = (await tx.execute(
    sql`select count(*)::int as n from ${table}
        where name = ${name} and state in ('created', 'retry', 'active') and ${where}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** A job waiting for its start time (a gift's e-mail on its day, an order's expiry). */
export interface ScheduledJob {
  id: string;
  name: string;
  startAfter: Date;
  data: unknown;
}

/** The jobs queued to start later, soonest first: the development page that runs them now. */
export async function listScheduledJobs(tx: Database, limit = 50): Promise<ScheduledJob[]> {
  const table = await jobTable(tx);
  if (!table) return [];
  const result = (await tx.execute(
    sql`select id, name, start_after, data from ${table}
        where state = 'created' and start_after > now()
        order by start_after limit ${limit}`,
  )) as unknown as {
    rows: { id: string; name: string; start_after: Date | string; data: unknown }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    startAfter: new Date(r.start_after),
    data: r.data,
  }));
}

/**
 * Makes a job queued for later due now, so the workers run it as they would have at its time
 * (outside production, from the development page). Answers whether there was such a job.
 */
export async function startJobNow(tx: Database, id: string): Promise<boolean> {
  const table = await jobTable(tx);
  if (!table) return false;
  const result = (await tx.execute(
    sql`update ${table} set start_after = now()
        where id = ${id}::uuid and state = 'created' and start_after > now() returning id`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * Per queue: the jobs due and waiting for a worker, those being worked, and how long the
 * longest-waiting due job has waited since its start time (for /metrics). One statement over
 * pg-boss's job table, reading only unfinished jobs.
 */
export async function queueStats(tx: Database): Promise<QueueStat[]> {
  const table = await jobTable(tx);
  const byName = new Map<string, QueueStat>(
    knownQueueNames().map((queue) => [queue, { queue, waiting: 0, active: 0, oldestSeconds: 0 }]),
  );
  if (table) {
    const result = (await tx.execute(
      sql`select name,
            count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
            count(*) filter (where state = 'active')::int as active,
            coalesce(extract(epoch from now() - min(start_after)
              filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest
          from ${table} where state in ('created', 'retry', 'active') group by name`,
    )) as unknown as { rows: { name: string; waiting: number; active: number; oldest: number }[] };
    for (const r of result.rows)
      byName.set(r.name, {
        queue: r.name,
        waiting: Number(r.waiting),
        active: Number(r.active),
        oldestSeconds: Math.max(0, Number(r.oldest)),
      });
  }
  return [...byName.values()].sort((a, b) => a.queue.localeCompare(b.queue));
}

/** A job that failed at its last retry (state "failed"). */
export interface ExhaustedJob {
  id: string;
  queue: string;
  failedAt: Date;
  attempts: number;
  /** The error's message as the worker recorded it. */
  error: string | null;
}

/** The jobs that used up their retries within the last `days` days, latest first. */
export async function listExhaustedJobs(
  tx: Database,
  { days = 7, limit = 50 }: { days?: number; limit?: number } = {},
): Promise<ExhaustedJob[]> {
  const table = await jobTable(tx);
  if (!table) return [];
  const result = (await tx.execute(
    sql`select id, name, completed_on, retry_count, output from ${table}
        where state = 'failed' and completed_on > now() - make_interval(days => ${days})
        order by completed_on desc limit ${limit}`,
  )) as unknown as {
    rows: {
      id: string;
      name: string;
      completed_on: Date | string;
      retry_count: number;
      output: unknown;
    }[];
  };
  return result.rows.map((r) => {
    const message = (r.output as { message?: unknown } | null)?.message;
    return {
      id: r.id,
      queue: r.name,
      failedAt: new Date(r.completed_on),
      attempts: Number(r.retry_count) + 1,
      error: typeof message === "string" ? message.slice(0, 300) : null,
    };
  });
}

/** Runs an exhausted job once more (pg-boss's retry: one more attempt). Whether there was one. */
export async function retryExhaustedJob(queueName: string, id: string): Promise<boolean> {
  if (!isKnownQueue(queueName)) return false;
  const result = await queue().retry(queueName, id);
  return Number((result as { affected?: number }).affected ?? 0) > 0;
}

/** Dismisses an exhausted job: its record goes (the alert log line stays). Whether there was one. */
export async function dismissExhaustedJob(
  tx: Database,
  queueName: string,
  id: string,
): Promise<boolean> {
  const table = await jobTable(tx);
  if (!table) return false;
  const result = (await tx.execute(
    sql`delete from ${table} where name = ${queueName} and id = ${id}::uuid and state = 'failed' returning id`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
