// JavaScript each route sends on first load (gzip, and Brotli as the server sends it to a browser
// that takes it: ADR 058), from the client build's manifest: the entry, the root route and the
// route's own module, with everything they import statically.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { printTable } from "./lib.ts";

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  src?: string;
}

const manifest = JSON.parse(readFileSync("build/client/.vite/manifest.json", "utf8")) as Record<
  string,
  Chunk
>;
const sizes = new Map<string, number>();
const gz = (file: string) => {
  let s = sizes.get(file);
  if (s === undefined) {
    s = gzipSync(readFileSync(join("build/client", file)), { level: 9 }).length;
    sizes.set(file, s);
  }
  return s;
};
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const i of chunk.imports ?? []) closure(i, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => k.endsWith("entry.client.tsx"));
const ROUTE_SUFFIX = "?__react-router-build-client-route";
const rootKey = Object.keys(manifest).find((k) => k.startsWith("app/root.tsx"));
const base = new Set<string>();
if (entryKey) closure(entryKey, base);
if (rootKey) closure(rootKey, base);
const baseBytes = [...base].reduce((n, f) => n + gz(f), 0);
const brSizes = new Map<string, number>();
/** As scripts/precompress-assets.ts writes it (quality 11). */
const br = (file: string) => {
  let s = brSizes.get(file);
  if (s === undefined) {
    const body = readFileSync(join("build/client", file));
    s = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
    brSizes.set(file, s);
  }
  return s;
};

const rows = Object.keys(manifest)
  .filter((k) => k.startsWith("app/routes/") && k.includes(".tsx"))
  .map((k) => {
    const files = closure(k, new Set(base));
    const total = [...files].reduce((n, f) => n + gz(f), 0);
    return {
      route: k.replace("app/routes/", "").replace(ROUTE_SUFFIX, ""),
      "KB gzip": (total / 1024).toFixed(1),
      "KB brotli": ([...files].reduce((n, f) => n + br(f), 0) / 1024).toFixed(1),
      "own KB": ((total - baseBytes) / 1024).toFixed(1),
    };
  })
  .sort((a, b) => Number(b["KB gzip"]) - Number(a["KB gzip"]));

printTable(
  `First-load JavaScript per route (shared entry + root: ${(baseBytes / 1024).toFixed(1)} KB gzip)`,
  rows,
);
const home = rows.find((r) => r.route.startsWith("home.tsx"));
console.log(
  `\n/ (issue 3, target ≤ 90 KB): ${home?.["KB gzip"]} KB gzip — ${Number(home?.["KB gzip"]) <= 90 ? "met" : "MISSED"}`,
);
