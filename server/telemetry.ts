// OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (ADR 081): a span for each
// incoming HTTP request (and the outgoing ones it makes) and for each PostgreSQL query, sent over
// OTLP/HTTP as JSON to <endpoint>/v1/traces. server/index.ts and server/worker.ts start it before
// the server bundle loads, so the HTTP server and pg are patched before anything uses them. Unset,
// not one OpenTelemetry module is imported.
// Runs on Node 24 directly (type stripping), so this file uses only erasable TypeScript.
import { createRequire } from "node:module";
import {
  loadDotEnv,
  parseTracingSettings,
  SettingsError,
  type TracingSettings,
} from "#app/lib/env.server.ts";

/** Where the bundle's shutdown finds the function that sends the last spans (server/runtime.ts). */
export const FLUSH_TRACES = Symbol.for("patch.flush-traces");

export interface Tracing {
  /** Sends the spans still queued and stops tracing. */
  shutdown(): Promise<void>;
}

/** Requests not worth a span: hashed assets, and the probes and scrapes every few seconds. */
function uninteresting(url: string | undefined): boolean {
  const path = (url ?? "").split("?")[0] ?? "";
  return path.startsWith("/assets/") || path.startsWith("/api/health") || path === "/metrics";
}

/** Starts tracing to the collector in `tracing`; `defaultService` unless OTEL_SERVICE_NAME says. */
export async function startTracing(
  tracing: TracingSettings,
  defaultService: string,
): Promise<Tracing> {
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }] =
    await Promise.all([
      import("@opentelemetry/sdk-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/instrumentation-http"),
      import("@opentelemetry/instrumentation-pg"),
    ]);
  const sdk = new NodeSDK({
    serviceName: tracing.serviceName ?? defaultService,
    traceExporter: new OTLPTraceExporter({ url: `${tracing.endpoint}/v1/traces` }),
    // Only what we name: no resource detectors reading the host, no metrics or logs exporters.
    resourceDetectors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => uninteresting(request.url),
        // No headers are recorded (the instrumentation records none unless told to).
      }),
      // Statements without their values: a query's parameters may name a person.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  // The instrumentations patch a module as it is required; these may be loaded already (node:http
  // is, by this very process), so each is required once more through the patched loader. pg's
  // patches are on its classes, which the server bundle's `import pg` then shares.
  const require = createRequire(import.meta.url);
  for (const name of ["node:http", "node:https", "http", "https", "pg"]) {
    try {
      require(name);
    } catch {
      // pg is absent only where no PostgreSQL is used
    }
  }
  return { shutdown: () => sdk.shutdown() };
}

/**
 * The preload: reads the tracing settings (the settings module, as every setting is) and starts
 * tracing when they ask for it. A wrong setting stops the process with the one line naming it.
 */
export async function startTracingFromSettings(
  defaultService: string,
): Promise<Tracing | undefined> {
  let tracing: TracingSettings | undefined;
  try {
    loadDotEnv();
    tracing = parseTracingSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!tracing) return undefined;
  const started = await startTracing(tracing, defaultService);
  // The server bundle is a separate module graph: its shutdown (server/runtime.ts) finds this
  // here and sends the spans still queued before process.exit.
  (globalThis as Record<symbol, unknown>)[FLUSH_TRACES] = () => started.shutdown();
  return started;
}
