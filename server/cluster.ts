// More than one web process on one port (WEB_PROCESSES, ADR 051): this process (the primary)
// migrates the database, seeds it, runs the job worker, and starts that many web processes
// through node:cluster, which hands each new connection to one of them. A web process that dies
// is replaced; one that dies within seconds of starting five times in a minute stops the site
// (a broken setting or build would otherwise restart forever). SIGTERM and SIGINT reach every web
// process, which finish their in-flight requests, then the primary stops the worker and exits.
import cluster, { type Worker } from "node:cluster";
import type { Settings } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { serveClusterMetrics } from "#app/lib/metrics.server.ts";
import { startRuntime } from "./runtime.ts";
import { startupNotice } from "./startup-notice.ts";

const RESTARTS_PER_MINUTE = 5;
const RESTART_DELAY_MS = 1_000;

/** Runs the primary; resolves once every web process has been started. */
export async function superviseWebProcesses(
  settings: Settings,
  shutdownDeadlineMs: number,
): Promise<void> {
  const runtime = await startRuntime(settings, { worker: settings.runWorker });
  // A scrape of /metrics reaches one web process, which asks this one for every process's figures.
  serveClusterMetrics();
  let stopping = false;
  const recentDeaths: number[] = [];

  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: web processes finish their in-flight requests");
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const exited = workers.map((w) => new Promise<void>((r) => w.once("exit", () => r())));
    for (const w of workers) w.process.kill("SIGTERM");
    const deadline = setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill("SIGKILL");
    }, shutdownDeadlineMs + 1_000);
    deadline.unref();
    await Promise.all(exited);
    clearTimeout(deadline);
    await runtime.stop();
    log.info("stopped");
    process.exit(code);
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    log.error({ pid: worker.process.pid, code, signal }, "a web process stopped");
    if (recentDeaths.length >= RESTARTS_PER_MINUTE) {
      log.fatal("web processes keep stopping: shutting the site down");
      void stop("restart loop", 1);
      return;
    }
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESTART_DELAY_MS).unref();
  });

  let listening = 0;
  cluster.on("listening", () => {
    listening += 1;
    if (listening !== settings.webProcesses) return;
    log.info(
      { url: settings.siteUrl, port: settings.port, processes: settings.webProcesses },
      `${settings.brandName} is listening`,
    );
    if (settings.logLevel !== "silent") process.stderr.write(startupNotice(settings));
  });

  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  for (let i = 0; i < settings.webProcesses; i++) cluster.fork();
}
