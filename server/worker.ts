// Runs the job queue without HTTP, from the production build. Needs PostgreSQL when the web
// processes run too: embedded PGlite is single-process, so there the web process works the queue.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const entry = await import(pathToFileURL(resolve("build/server/index.js")).href);
await entry.runWorker();
