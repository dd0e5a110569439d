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
