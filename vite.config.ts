import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { inlineScripts } from "./vite.inline-script.ts";
import { shellChunk } from "./vite.shell-chunk.ts";

// The server bundle's entry is our Hono app (server/entry.ts), which imports React Router's
// virtual server build: one bundle, so the database pool and queue exist once per process.
export default defineConfig({
  // The manifest lets bench/bundle.ts report each route's JavaScript; it is not served.
  build: { assetsInlineLimit: 0, manifest: true },
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/entry.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          // Our own modules do nothing when imported (a lint test keeps it so): one imported only by
          // a loader or an action, which React Router takes out of the browser's copy of a route,
          // is left out with what it imports (a shared schema, and with it zod) instead of sent to
          // every page that names it. zod.ts configures zod for the browser as it is imported.
          treeshake: {
            moduleSideEffects: [
              { test: /[\\/]app[\\/]lib[\\/]zod\.ts$/, sideEffects: true },
              { test: /[\\/]app[\\/].*\.tsx?$/, sideEffects: false },
            ],
          },
        },
      },
    },
  },
  ssr: {
    // Native / WASM packages are loaded from node_modules at run time, not bundled.
    external: ["@electric-sql/pglite", "pg", "pg-boss", "pino", "nodemailer", "@sentry/node"],
  },
  plugins: [
    inlineScripts(),
    shellChunk(/[\\/]app[\\/](root|entry\.client)\.tsx/),
    tailwindcss(),
    reactRouter(),
  ],
});
