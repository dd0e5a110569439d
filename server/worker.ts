// Runs the job queue without HTTP, from the production build. Needs PostgreSQL when the web
// processes run too: embedded PGlite is single-process, so there the web process works the queue.
import { loadServerBuild } from "./load-build.ts";
import { startTracingFromSettings } from "./telemetry.ts";

// Traces (OTEL_EXPORTER_OTLP_ENDPOINT set) start before the bundle loads pg.
await startTracingFromSettings("patch-worker");
const entry = await loadServerBuild<{ runWorker: () => Promise<void> }>();
await entry.runWorker();
