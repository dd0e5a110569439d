// The server bundle's entry (vite.config.ts): the Hono app with React Router's build inside it,
// and the process lifecycles that server/index.ts and server/worker.ts start.
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { loadDotEnv, parseSettings, SettingsError, type Settings } from "#app/lib/env.server.ts";
import { startDraining } from "#app/lib/draining.server.ts";
import { log } from "#app/lib/log.server.ts";
import { createApp } from "./app.ts";
import { superviseWebProcesses } from "./cluster.ts";
import { trackConnections } from "./drain.ts";
import { startRuntime } from "./runtime.ts";
import { startupNotice } from "./startup-notice.ts";

type Connect = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface BootOptions {
  /** Development: Vite's middlewares and a build loaded fresh on each request. */
  dev?: { middlewares: Connect; loadBuild: () => Promise<ServerBuild> };
}

const SHUTDOWN_DEADLINE_MS = 9_000;
/** A kept-alive connection with nothing in flight this long after SIGTERM is closed (drain.ts). */
const DRAIN_IDLE_MS = 1_000;

function loadSettingsOrExit(): Settings {
  try {
    loadDotEnv();
    return parseSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

export async function boot(options: BootOptions = {}): Promise<void> {
  const settings = loadSettingsOrExit();
  // Several web processes (WEB_PROCESSES): this one supervises them (server/cluster.ts); each of
  // them serves, leaving the migrations, demo data and jobs to it.
  if (!options.dev && settings.webProcesses > 1 && cluster.isPrimary) {
    return superviseWebProcesses(settings, SHUTDOWN_DEADLINE_MS);
  }
  const inCluster = cluster.isWorker;
  const runtime = await startRuntime(
    settings,
    inCluster ? { worker: false, seed: false, migrate: false } : { worker: settings.runWorker },
  );
  const app = createApp({
    settings,
    build: options.dev ? options.dev.loadBuild : (build as unknown as ServerBuild),
  });
  const listener = getRequestListener(app.fetch);
  const dev = options.dev;
  const server = createServer(
    dev ? (req, res) => dev.middlewares(req, res, () => void listener(req, res)) : listener,
  );
  server.keepAliveTimeout = 65_000;
  const connections = trackConnections(server);
  server.listen(settings.port, settings.host, () => {
    if (inCluster) return; // the primary says it once, for all of them
    log.info({ url: settings.siteUrl, port: settings.port }, `${settings.brandName} is listening`);
    // For the person at the console, in plain words beside the JSON logs (which stay on stdout).
    if (settings.logLevel !== "silent") process.stderr.write(startupNotice(settings));
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startDraining();
    log.info({ signal }, "shutting down: finishing in-flight requests");
    await connections.drain({
      idleMs: DRAIN_IDLE_MS,
      deadlineMs: SHUTDOWN_DEADLINE_MS,
      onDeadline: () => log.warn("shutdown deadline reached: closing remaining connections"),
    });
    await runtime.stop();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** A queue worker without HTTP (`npm run worker`). */
export async function runWorker(): Promise<void> {
  const settings = loadSettingsOrExit();
  const runtime = await startRuntime(settings, { worker: true, seed: false, dedicated: true });
  const stop = async () => {
    await runtime.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}
