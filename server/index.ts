// Boots the web server from the production build (`npm run build` first; `npm start` does both).
// Runs on Node 24 directly (type stripping), so this file uses only erasable TypeScript.
import { enableCompileCache } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

// V8 keeps the compiled code of the server bundle and its packages on disk (node_modules/.cache),
// so a restart skips compiling them again.
enableCompileCache(resolve("node_modules/.cache/node-compile-cache"));

const entryPath = pathToFileURL(resolve("build/server/index.js")).href;
const entry = await import(entryPath).catch((error: unknown) => {
  process.stderr.write(
    `The server build is missing: run \`npm run build\` first (${String(error)})\n`,
  );
  process.exit(1);
});
await entry.boot();
