// The job queue (pg-boss): the same queue on PostgreSQL and on embedded PGlite. Jobs are enqueued
// in the same transaction as the business write (the outbox pattern) through enqueue(tx, ...).
import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import { z } from "zod";
import type { Database, DatabaseHandle } from "./db.server.ts";
import { reportError } from "./error-reporting.server.ts";
import { log } from "./log.server.ts";
import { countJobRun } from "./metrics.server.ts";

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Queue name, "area.verb-noun". */
  name: string;
  payload: S;
  /** Retries with exponential backoff (pg-boss doubles the delay each time). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Cron schedule for recurring jobs, in UTC unless cronTimeZone names another zone. */
  cron?: string;
  /** IANA time zone for cron, e.g. "Pacific/Auckland" for a New Zealand morning. */
  cronTimeZone?: string;
  /**
   * How a worker takes this queue's jobs, where the defaults (batches of 20, polled every two
   * seconds) don't suit: a queue someone is waiting on (a confirmation e-mail) is woken at once
   * by PostgreSQL's NOTIFY when a job is made (`notify`), and takes bigger batches and more of
   * them at a time, so a launch spike's e-mails keep up with its sign-ups (ADR 066).
   */
  work?: { batchSize?: number; concurrency?: number; pollingIntervalSeconds?: number };
  /** Wake workers the moment a job is made (PostgreSQL LISTEN/NOTIFY), not at their next poll. */
  notify?: boolean;
  /** Must be idempotent: a job can run more than once after a crash. */
  handle(payload: z.infer<S>, meta: { jobId: string; attempt: number }): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** A scheduled job's payload: none (pg-boss sends an empty object). */
const schedulePayload = z.object({}).passthrough();

/**
 * A job the schedule starts (`cron`, in `cronTimeZone` when given), with no payload: `run` does
 * the work; like every job it must be safe to run twice.
 */
export function defineCronJob({
  run,
  ...definition
}: Omit<JobDefinition<typeof schedulePayload>, "payload" | "handle" | "cron"> & {
  cron: string;
  run: () => Promise<unknown>;
}): JobDefinition<typeof schedulePayload> {
  return {
    ...definition,
    payload: schedulePayload,
    handle: async () => {
      await run();
    },
  };
}

let boss: PgBoss | undefined;
let working = false;
/** The schema pg-boss keeps its tables in (startQueue's option; "pgboss" unless told otherwise). */
let bossSchema = "pgboss";

export async function startQueue(
  handle: DatabaseHandle,
  options: {
    connectionString?: string;
    schema?: string;
    poolSize?: number;
    /** A working process listens for new jobs (PostgreSQL only; PGlite polls). */
    listen?: boolean;
  } = {},
): Promise<PgBoss> {
  const schema = options.schema ?? "pgboss";
  bossSchema = schema;
  const instance =
    handle.kind === "pglite" && handle.pglite
      ? new PgBoss({ db: fromPglite(handle.pglite as never), backend: "pglite", schema })
      : new PgBoss({
          connectionString: options.connectionString,
          schema,
          max: options.poolSize ?? 4,
          useListenNotify: options.listen ?? false,
        });
  instance.on("error", (error) => log.error({ err: error }, "queue error"));
  instance.on("warning", (warning) => log.warn({ warning }, "queue warning"));
  await instance.start();
  boss = instance;
  return instance;
}

export function queue(): PgBoss {
  if (!boss) throw new Error("The queue is not started: call startQueue() at boot");
  return boss;
}

/**
 * Every queue retries with exponential backoff, and its workers send heartbeats: a worker that dies
 * mid-job (SIGKILL, a lost machine) has its job retried 10 s later instead of after pg-boss's
 * default 15-minute expiry.
 */
const DEFAULT_RETRY_LIMIT = 5;

/** The `alert` field of the log line a job's last failure writes (docs/operations.md). */
export const JOB_EXHAUSTED_ALERT = "job_exhausted";

function queueOptions(job: JobDefinition) {
  return {
    retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay: job.retryDelaySeconds ?? 5,
    retryBackoff: true,
    retryDelayMax: 3600,
    heartbeatSeconds: 10,
    expireInSeconds: 600,
    notify: job.notify ?? false,
  };
}

/** The queues this process created or works: each is reported, with no jobs as 0. */
const knownQueues = new Set<string>();

async function ensureQueue(job: JobDefinition): Promise<void> {
  knownQueues.add(job.name);
  await queue().createQueue(job.name, queueOptions(job));
  await queue().updateQueue(job.name, queueOptions(job));
}

/** Creates the queues and starts handling jobs in this process. */
export async function startWorking(jobs: JobDefinition[], concurrency = 2): Promise<void> {
  const b = queue();
  for (const job of jobs) {
    await ensureQueue(job);
    // A run missed while no process was up (a deploy, an outage) is made up once, not skipped.
    if (job.cron)
      await b.schedule(
        job.name,
        job.cron,
        {},
        {
          missed: "once",
          ...(job.cronTimeZone ? { tz: job.cronTimeZone } : {}),
        },
      );
    // Batches of up to 20, each job settled on its own; while batches come back full the worker
    // fetches again at once, otherwise it polls every two seconds (or as the job says).
    const workerId = await b.work(
      job.name,
      {
        batchSize: job.work?.batchSize ?? 20,
        perJobResults: true,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: job.work?.pollingIntervalSeconds ?? 2,
        localConcurrency: Math.max(concurrency, job.work?.concurrency ?? 0),
      },
      async (batch) =>
        Promise.all(
          batch.map(async (j) => {
            try {
              await job.handle(job.payload.parse(j.data), { jobId: j.id, attempt: j.retryCount });
              countJobRun(job.name, "completed");
              return { id: j.id, status: "completed" as const };
            } catch (error) {
              // pg-boss counts each claim: the first run is 0, and a job failing at its limit is
              // failed for good (state "failed"), kept for the admin home's notice.
              if (j.retryCount >= (job.retryLimit ?? DEFAULT_RETRY_LIMIT)) {
                countJobRun(job.name, "exhausted");
                log.warn({ err: error, job: job.name, jobId: j.id }, "job failed");
                // The line to alert on: fixed words and fields, the queue and the job's id only
                // (its data and the error's text may name a person).
                log.error(
                  {
                    alert: JOB_EXHAUSTED_ALERT,
                    queue: job.name,
                    jobId: j.id,
                    attempts: j.retryCount + 1,
                  },
                  "job failed for the last time: no more retries",
                );
                // Sentry, when it is on: the error and the queue and job, never the job's data.
                reportError(error, {
                  tags: { source: "job", queue: job.name, job_id: String(j.id) },
                  extra: { attempts: j.retryCount + 1 },
                });
              } else {
                countJobRun(job.name, "failed");
                log.warn(
                  { err: error, job: job.name, jobId: j.id },
                  "job failed; it will be retried",
                );
              }
              return {
                id: j.id,
                status: "failed" as const,
                output: { message: error instanceof Error ? error.message : String(error) },
              };
            }
          }),
        ),
    );
    localWorkers.set(job.name, [...(localWorkers.get(job.name) ?? []), workerId]);
  }
  await warmQueueCache(jobs);
  working = true;
}

/** This process's workers, by queue: woken at once by wakeLocalWorkers. */
const localWorkers = new Map<string, string[]>();

/**
 * After a commit that made jobs of this kind: the workers in this process fetch now rather than
 * at their next poll. Workers elsewhere are woken by PostgreSQL's NOTIFY (a queue's `notify`);
 * on embedded PGlite the web process is the worker, and this is how it hears at once.
 */
export function wakeLocalWorkers(job: JobDefinition): void {
  if (!boss) return;
  for (const id of localWorkers.get(job.name) ?? []) boss.notifyWorker(id);
}

/** Creates the queues without working them (web processes that only enqueue). */
export async function createQueues(jobs: JobDefinition[]): Promise<void> {
  for (const job of jobs) await ensureQueue(job);
  await warmQueueCache(jobs);
}

/**
 * pg-boss looks a queue up on its own connection the first time it sends to it. Inside a
 * transaction on embedded PGlite (one connection) that lookup would wait for the transaction
 * forever, so every queue is looked up once at start.
 */
async function warmQueueCache(jobs: JobDefinition[]): Promise<void> {
  // findJobs reads the queue through that cache and, for an id that can't exist, nothing else.
  for (const job of jobs)
    await queue().findJobs(job.name, { id: "00000000-0000-0000-0000-000000000000" });
}

/** Enqueue inside a Drizzle transaction so the job exists exactly when the business write does. */
export async function enqueue<S extends z.ZodType>(
  tx: Database,
  job: JobDefinition<S>,
  payload: z.infer<S>,
  options: {
    singletonKey?: string;
    singletonSeconds?: number;
    startAfter?: number | Date;
    id?: string;
  } = {},
): Promise<string | null> {
  return queue().send(job.name, job.payload.parse(payload) as object, {
    ...options,
    db: fromDrizzle(tx as never, sql as never),
  });
}

export function queueState(): { started: boolean; working: boolean } {
  return { started: Boolean(boss), working };
}

export async function stopQueue(): Promise<void> {
  if (!boss) return;
  const b = boss;
  boss = undefined;
  working = false;
  localWorkers.clear();
  await b.stop({ graceful: true, timeout: 5_000, close: true });
}

/** Many jobs of one kind in one statement, inside the caller's transaction (see enqueue). */
export async function enqueueMany<S extends z.ZodType>(
  tx: Database,
  job: JobDefinition<S>,
  items: {
    payload: z.infer<S>;
    options?: { singletonKey?: string; singletonSeconds?: number; startAfter?: number | Date };
  }[],
): Promise<void> {
  if (items.length === 0) return;
  await queue().insert(
    job.name,
    items.map((i) => ({ data: job.payload.parse(i.payload) as object, ...i.options })),
    { db: fromDrizzle(tx as never, sql as never) },
  );
}

/** The schema pg-boss keeps its tables in, for queue-jobs.server.ts's reads of its job table. */
export function queueSchema(): string {
  return bossSchema;
}

/** Whether this process created or works a queue of that name. */
export function isKnownQueue(name: string): boolean {
  return knownQueues.has(name);
}

/** The queues this process created or works, for the queue report. */
export function knownQueueNames(): string[] {
  return [...knownQueues];
}
