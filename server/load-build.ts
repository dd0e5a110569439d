// Loads the production server bundle (build/server/index.js) for server/index.ts and
// server/worker.ts, and when it can't, says which of the two real reasons it is: the build is
// missing (`npm run build`), or a package the bundle imports is not installed. The second is what a
// production install (`npm ci --omit=dev`, as the image runs) shows when a package the running
// server needs sits in devDependencies; calling that "a missing build" sent people to rebuild.
// Runs on Node 24 directly (type stripping), so only erasable TypeScript.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const SERVER_BUILD = resolve("build/server/index.js");

/** The one line to print when importing the bundle at `entryPath` failed with `error`. */
export function buildLoadError(
  error: unknown,
  entryPath: string = SERVER_BUILD,
  buildExists: boolean = existsSync(entryPath),
): string {
  if (!buildExists)
    return `The server build is missing (${entryPath}): run \`npm run build\` first`;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const missingPackage = /Cannot find (?:package|module) '([^']+)'/.exec(message)?.[1];
  if (code === "ERR_MODULE_NOT_FOUND" && missingPackage && !missingPackage.startsWith("/")) {
    return (
      `The server build imports the package "${missingPackage}", which is not installed: ` +
      `the running server's packages must be in package.json's "dependencies" (a production ` +
      `install, npm ci --omit=dev, leaves out devDependencies); install them with npm ci`
    );
  }
  return `The server build failed to load: ${error instanceof Error ? (error.stack ?? message) : message}`;
}

/** Imports the server bundle, or prints why it can't and ends the process. */
export async function loadServerBuild<T>(): Promise<T> {
  try {
    return (await import(pathToFileURL(SERVER_BUILD).href)) as T;
  } catch (error) {
    process.stderr.write(`${buildLoadError(error)}\n`);
    process.exit(1);
  }
}
