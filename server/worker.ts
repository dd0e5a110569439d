// Runs the job queue without HTTP, from the production build. Needs PostgreSQL when the web
// processes run too: embedded PGlite is single-process, so there the web process works the queue.
import { loadServerBuild } from "./load-build.ts";

const entry = await loadServerBuild<{ runWorker: () => Promise<void> }>();
await entry.runWorker();
