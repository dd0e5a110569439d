// The islands bundle (ADR 017): app/islands/entry.client.tsx, with react-router replaced by
// app/islands/router-shim.tsx, written beside React Router's client build (`npm run build` runs
// this after `react-router build`) with a manifest of its own that the server reads.
import { resolve } from "node:path";
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    manifest: ".vite/islands-manifest.json",
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: "app/islands/entry.client.tsx",
      output: {
        entryFileNames: "assets/islands-[hash].js",
        chunkFileNames: "assets/islands-[name]-[hash].js",
      },
    },
  },
  resolve: {
    alias: [{ find: /^react-router$/, replacement: resolve("app/islands/router-shim.tsx") }],
  },
});
