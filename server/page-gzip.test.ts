// The long-lived page compressor (ADR 053): each page comes out as a complete gzip member of its
// own, whatever was compressed before or beside it, and as small as zlib.gzip's at that level.
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, expect, test } from "vitest";
import { createPageGzip } from "./page-gzip.ts";

const pageGzip = createPageGzip({ level: 4 });
afterAll(() => pageGzip.close());

const page = (i: number, repeat: number) =>
  Buffer.from(
    `<!doctype html><main><h1>Garden ${i}</h1>${`<p>Sow silverbeet ${i} in spring.</p>`.repeat(repeat)}</main>`,
  );

test("pages compressed at once each unzip to themselves alone, with the right CRC and length", async () => {
  // Sizes from a few hundred bytes to over a megabyte (several output chunks), all in flight
  // together: nothing of one page may reach another's answer, and no page may refer back to
  // bytes of an earlier one (a gzip reader has only its own).
  const pages = Array.from({ length: 60 }, (_, i) => page(i, i === 59 ? 40_000 : 1 + i * 30));
  const zipped = await Promise.all(pages.map((p) => pageGzip.compress(p)));
  zipped.forEach((z, i) => {
    expect(z.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 0x08]));
    // gunzip checks the trailer's CRC-32 and length, and that nothing follows the member.
    expect(gunzipSync(z).equals(pages[i]!)).toBe(true);
  });
  const ours = zipped.reduce((n, z) => n + z.length, 0);
  const zlibs = pages.reduce((n, p) => n + gzipSync(p, { level: 4 }).length, 0);
  expect(ours).toBeLessThan(zlibs * 1.01 + 8 * pages.length);
  // The same page twice gives the same bytes: no history carried from one page to the next.
  const again = await pageGzip.compress(pages[10]!);
  expect(again.equals(zipped[10]!)).toBe(true);
});

test("an empty page and binary bytes survive too", async () => {
  expect(gunzipSync(await pageGzip.compress(new Uint8Array(0))).length).toBe(0);
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
  expect(gunzipSync(await pageGzip.compress(bytes)).equals(bytes)).toBe(true);
});

test("a closed compressor starts a fresh stream for the next page", async () => {
  const g = createPageGzip();
  const p = page(1, 100);
  expect(gunzipSync(await g.compress(p)).equals(p)).toBe(true);
  g.close();
  expect(gunzipSync(await g.compress(p)).equals(p)).toBe(true);
  g.close();
});

test("a page whose stream breaks is refused, not left waiting, and the next page gets a new stream", async () => {
  const g = createPageGzip();
  const p = page(2, 100);
  expect(gunzipSync(await g.compress(p)).equals(p)).toBe(true);
  // Something that is not bytes is refused, and the stream goes on for the next page.
  await expect(g.compress({} as unknown as Uint8Array)).rejects.toThrow();
  expect(gunzipSync(await g.compress(p)).equals(p)).toBe(true);
  g.close();
});
