// Boots the web server from the production build (`npm run build` first; `npm start` does both).
// Runs on Node 24 directly (type stripping), so this file uses only erasable TypeScript.
import { enableCompileCache } from "node:module";
import { resolve } from "node:path";
import { loadServerBuild } from "./load-build.ts";
import { startTracingFromSettings } from "./telemetry.ts";

// V8 keeps the compiled code of the server bundle and its packages on disk (node_modules/.cache),
// so a restart skips compiling them again.
enableCompileCache(resolve("node_modules/.cache/node-compile-cache"));

// Traces (OTEL_EXPORTER_OTLP_ENDPOINT set) start before the bundle loads pg and the HTTP server.
await startTracingFromSettings("patch-web");
const entry = await loadServerBuild<{ boot: () => Promise<void> }>();
await entry.boot();
