// Starting and stopping what a process needs besides HTTP: settings, database, migrations, queue.
import cluster from "node:cluster";
import { seedDemoData } from "#db/seed-data.ts";
import { openDatabase, setDatabase, type DatabaseHandle } from "#app/lib/db.server.ts";
import { setSettings, type Settings } from "#app/lib/env.server.ts";
import { flushErrorReports, startErrorReporting } from "#app/lib/error-reporting.server.ts";
import { log, setLogLevel } from "#app/lib/log.server.ts";
import { reportPool, reportQueues } from "#app/lib/metrics.server.ts";
import { createQueues, startQueue, startWorking, stopQueue } from "#app/lib/queue.server.ts";
import { queueStats } from "#app/lib/queue-jobs.server.ts";
import { jobs } from "./jobs.ts";

export interface Runtime {
  database: DatabaseHandle;
  stop(): Promise<void>;
}

export async function startRuntime(
  settings: Settings,
  options: { worker: boolean; seed?: boolean; dedicated?: boolean; migrate?: boolean },
): Promise<Runtime> {
  setSettings(settings);
  setLogLevel(settings.logLevel);
  // Error reports to Sentry when SENTRY_DSN is set; otherwise its SDK is never loaded.
  await startErrorReporting(settings, options.dedicated ? "worker" : "web");
  const started = performance.now();
  const database = await openDatabase(settings.databaseUrl, settings.databasePoolSize);
  setDatabase(database);
  reportPool(() => database.pool);
  // The queues are read from the database, so one process of a cluster (its primary) reports them.
  if (!cluster.isWorker) reportQueues(() => queueStats(database.db));
  // A web process under server/cluster.ts finds the database already migrated by its primary.
  if (options.migrate ?? true) await database.migrate();
  if (options.seed ?? !settings.isProduction) await seedDemoData(database.db, settings);
  // A working process listens for new jobs, so a queued confirmation e-mail goes at once.
  await startQueue(database, { connectionString: settings.databaseUrl, listen: options.worker });
  // Inside a web process one poller per queue is enough; a dedicated worker runs two.
  if (options.worker) await startWorking(jobs, options.dedicated ? 2 : 1);
  else await createQueues(jobs);
  log.info(
    {
      database: database.kind,
      worker: options.worker,
      ms: Math.round(performance.now() - started),
    },
    "runtime ready",
  );
  return {
    database,
    async stop() {
      await stopQueue();
      await database.close();
      setDatabase(undefined);
      await flushErrorReports();
      // Tracing's last spans, when server/telemetry.ts started it before this bundle loaded.
      const flushTraces = (globalThis as Record<symbol, unknown>)[Symbol.for("patch.flush-traces")];
      if (typeof flushTraces === "function") await (flushTraces as () => Promise<void>)();
    },
  };
}
