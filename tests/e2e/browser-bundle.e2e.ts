// What the built pages send a browser on first load (issue 37): the public pages stay within the
// 150 KB of JavaScript as transferred (Brotli, as the server sends it), and none carries the
// schema library, which only the server needs for their forms (the loaders' and actions' imports
// are left out of the browser's copy: vite.config.ts, tests/lint/import-side-effects.test.ts).
// Read from the production build's manifest, as `npm run bench -- bundle` reports it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { expect, test } from "vitest";

interface Chunk {
  file: string;
  imports?: string[];
}
const manifest = JSON.parse(readFileSync("build/client/.vite/manifest.json", "utf8")) as Record<
  string,
  Chunk
>;

function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const i of chunk.imports ?? []) closure(i, seen);
  return seen;
}
const keyOf = (prefix: string) => {
  const key = Object.keys(manifest).find((k) => k.startsWith(prefix));
  if (!key) throw new Error(`${prefix} is not in the build's manifest`);
  return key;
};
const read = (file: string) => readFileSync(join("build/client", file));
const brotli = (file: string) =>
  brotliCompressSync(read(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;

/** The pages issue 37 measures, by route module (the garden's editor checks its stored plan). */
const PAGES: Record<string, { zod: boolean }> = {
  "home.tsx": { zod: false },
  "products.tsx": { zod: false },
  "product-detail.tsx": { zod: false },
  "product.tsx": { zod: false },
  "education-page.tsx": { zod: false },
  "checkout.tsx": { zod: false },
  "subscribe.tsx": { zod: false },
  "gift.tsx": { zod: false },
  "gift-redeem.tsx": { zod: false },
  "garden.tsx": { zod: true },
};

const shared = new Set<string>();
closure(keyOf("app/entry.client.tsx"), shared);
closure(keyOf("app/root.tsx"), shared);

for (const [route, { zod }] of Object.entries(PAGES)) {
  test(`${route}: at most 150 KB of JavaScript${zod ? "" : ", and no zod"}`, () => {
    const files = [...closure(keyOf(`app/routes/${route}`), new Set(shared))];
    const kb = files.reduce((n, f) => n + brotli(f), 0) / 1024;
    expect(kb).toBeLessThanOrEqual(150);
    // zod 4 names each schema class by a string its bundle keeps, however it is minified.
    const withZod = files.filter((f) => read(f).includes("ZodObject"));
    if (!zod) expect(withZod).toEqual([]);
    else expect(withZod.length).toBeGreaterThan(0);
  });
}
