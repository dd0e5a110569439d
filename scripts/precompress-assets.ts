// After React Router's client build: each compressible hashed asset is
// also written beside itself as Brotli (quality 11) and gzip (level 9), once, so the server sends
// a file instead of compressing every request at a fast level (ADR 058). `npm run build` runs it.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost (Hono's threshold too). */
const MIN_BYTES = 1024;

export function precompressAssets(dir: string): { files: number; bytes: number; brotli: number } {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  // A copy left by an earlier build, of a file since changed or gone, is never served.
  for (const name of readdirSync(dir)) {
    if (/\.(?:br|gz)$/.test(name)) rmSync(join(dir, name));
  }
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(join(dir, name));
    if (body.byteLength < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
    writeFileSync(join(dir, `${name}.br`), br);
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
    files++;
    bytes += body.byteLength;
    brotli += br.byteLength;
  }
  return { files, bytes, brotli };
}

if (import.meta.main) {
  const dir = process.argv[2] ?? "build/client/assets";
  const { files, bytes, brotli } = precompressAssets(dir);
  process.stdout.write(
    `precompressed ${files} assets in ${dir}: ${(bytes / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB Brotli\n`,
  );
}
