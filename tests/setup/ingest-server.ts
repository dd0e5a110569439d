// A local HTTP server standing in for an ingest endpoint (Sentry's envelopes, an OpenTelemetry
// collector's /v1/traces): it records every POST as it arrived, body decompressed.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, inflateSync } from "node:zlib";

export interface IngestHit {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function startIngestServer() {
  const received: IngestHit[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let raw = Buffer.concat(chunks);
      const encoding = req.headers["content-encoding"];
      if (encoding === "gzip") raw = gunzipSync(raw);
      else if (encoding === "deflate") raw = inflateSync(raw);
      received.push({ path: req.url ?? "", headers: req.headers, body: raw.toString("utf8") });
      for (const w of waiters.splice(0)) w();
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    /** Resolves once a POST matching `test` has arrived (or after `ms`, with undefined). */
    async waitFor(test: (hit: IngestHit) => boolean, ms = 5_000): Promise<IngestHit | undefined> {
      const deadline = Date.now() + ms;
      for (;;) {
        const hit = received.find(test);
        if (hit || Date.now() > deadline) return hit;
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
