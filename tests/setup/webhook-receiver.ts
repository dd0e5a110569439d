// A local HTTP server standing in for a CRM: it records each webhook POST with its signature
// headers, as the real receiver would get them.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookHit {
  body: string;
  signature: string;
  timestamp: string;
}

export async function startWebhookReceiver() {
  const received: WebhookHit[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({
        body,
        signature: String(req.headers["x-patch-signature"]),
        timestamp: String(req.headers["x-patch-timestamp"]),
      });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
