// Gzip for rendered pages through one long-lived deflate stream (ADR 053).
//
// `zlib.gzip()` for each page sets up and tears down a compressor every time: about 270 KB of
// zlib state that V8 counts as external memory and only forgets when the stream's wrapper is
// collected. At 100 pages a second that alone started a full collection every second or two on
// the thread that renders pages. Here one raw deflate stream lives as long as the process; each
// page is written and ended with a full flush, which makes the blocks written for it
// independent of every earlier page (the compressor forgets its history) and leaves them on a
// byte boundary. Framed as a gzip member (RFC 1952: header, those blocks, an empty final block,
// the page's CRC-32 and length), they are exactly a page's gzip, as small as zlib.gzip's at the
// same level. Pages go through the stream one at a time; the compressing itself runs on libuv's
// thread pool, off the main thread, as before.
import { constants, crc32, createDeflateRaw, type DeflateRaw } from "node:zlib";

/** ID1 ID2, CM deflate, no flags, no time, no extra flags, OS Unix (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
/** An empty final block with fixed codes: BFINAL 1, BTYPE 01, end-of-block (what zlib writes). */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

export interface PageGzip {
  /** The gzip of `page` (one member, any gzip reader takes it). */
  compress(page: Uint8Array): Promise<Buffer<ArrayBuffer>>;
  close(): void;
}

export function createPageGzip({ level = 4 }: { level?: number } = {}): PageGzip {
  let stream: DeflateRaw | undefined;
  let chunks: Buffer[] = [];
  let failure: Error | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const open = (): DeflateRaw => {
    const s = createDeflateRaw({ level });
    s.on("data", (chunk: Buffer) => chunks.push(chunk));
    s.on("error", (error: Error) => {
      failure = error;
      // A stream that failed is never written again: the next page gets a fresh one.
      if (stream === s) stream = undefined;
    });
    return s;
  };

  const deflate = (page: Uint8Array) =>
    new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
      const s = (stream ??= open());
      chunks = [];
      failure = undefined;
      s.write(page);
      // The flush's callback is the write's: it gets the error if the stream failed meanwhile,
      // so a page never waits on a broken stream.
      s.flush(constants.Z_FULL_FLUSH, (error?: Error | null) => {
        if (error || failure) {
          if (stream === s) stream = undefined;
          s.destroy();
          return reject(error ?? failure);
        }
        const size = Buffer.alloc(8);
        size.writeUInt32LE(crc32(page), 0);
        size.writeUInt32LE(page.byteLength >>> 0, 4);
        resolve(Buffer.concat([GZIP_HEADER, ...chunks, FINAL_EMPTY_BLOCK, size]));
        chunks = [];
      });
    });

  return {
    compress(page) {
      const result = queue.then(() => deflate(page));
      queue = result.catch(() => undefined);
      return result;
    },
    close() {
      stream?.close();
      stream = undefined;
    },
  };
}
