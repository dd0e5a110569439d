// Error reports to Sentry when SENTRY_DSN is set (ADR 081): a route's or an API's unhandled
// error, and a job that failed for the last time, each tagged with its request id or job. Unset,
// the SDK is never imported (no start-up cost) and reportError does nothing.
// Nothing personal leaves: no cookies, no headers, no bodies, no query strings, no user, no IP
// (version 11 has no sendDefaultPii; beforeSend keeps only a request's method and path). Sentry
// traces nothing: traces are OpenTelemetry's (server/telemetry.ts), so the two never both patch
// the HTTP server.
import type * as SentryNode from "@sentry/node";
import type { ErrorEvent } from "@sentry/node";
import type { Settings } from "./env.server.ts";
import { log } from "./log.server.ts";

type SentryModule = typeof SentryNode;

let sentry: SentryModule | undefined;

/** What a report is tagged with: `requestId` becomes the `request_id` tag. */
export interface ReportContext {
  requestId?: string;
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/** Integrations that would patch http or fetch, or copy the console: not wanted (see above). */
const LEFT_OUT = new Set(["Http", "NodeFetch", "Console"]);

/**
 * Starts reporting when SENTRY_DSN is set; whether it did. `service` tells a web process's reports
 * from the worker's.
 */
export async function startErrorReporting(
  settings: Settings,
  service: "web" | "worker",
): Promise<boolean> {
  if (!settings.sentry || sentry) return Boolean(sentry);
  const module: SentryModule = await import("@sentry/node");
  module.init({
    dsn: settings.sentry.dsn,
    environment: settings.sentry.environment,
    release: settings.sentry.release,
    // No tracesSampleRate: Sentry makes no spans at all.
    integrations: (defaults) => defaults.filter((i) => !LEFT_OUT.has(i.name)),
    initialScope: { tags: { service } },
    beforeSend: scrubEvent,
    beforeBreadcrumb: () => null,
  });
  sentry = module;
  log.info({ service }, "error reports go to Sentry");
  return true;
}

/** Sends one error to Sentry, when it is on. Never throws. */
export function reportError(error: unknown, context: ReportContext = {}): void {
  if (!sentry) return;
  try {
    sentry.captureException(error, {
      tags: { ...context.tags, ...(context.requestId ? { request_id: context.requestId } : {}) },
      extra: context.extra,
    });
  } catch (failure) {
    log.warn({ err: failure }, "error report not sent");
  }
}

/** Whether the Sentry SDK was loaded in this process. */
export function errorReportingStarted(): boolean {
  return Boolean(sentry);
}

/** Sends what is still queued (at shutdown, and in tests); waits at most `timeoutMs`. */
export async function flushErrorReports(timeoutMs = 2_000): Promise<void> {
  if (sentry) await sentry.flush(timeoutMs);
}

/** Stops reporting (tests; a process that ends flushes through flushErrorReports). */
export async function stopErrorReporting(): Promise<void> {
  const s = sentry;
  sentry = undefined;
  if (s) await s.close(2_000);
}

/**
 * What may leave about a request: its method and its path. Cookies, headers (authorization among
 * them), the body, the query string and the user's address stay here whatever an integration or
 * a future SDK version put there.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    const url = event.request.url;
    event.request = {
      method: event.request.method,
      url: url ? url.split(/[?#]/)[0] : undefined,
    };
  }
  delete event.user;
  if (event.breadcrumbs) event.breadcrumbs = [];
  return event;
}
