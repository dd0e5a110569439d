// The server as a process: a wrong setting stops it with one line; SIGTERM finishes in-flight
// requests and exits 0 within 10 s.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, test } from "vitest";
import { startServer } from "./server-process";

test("a wrong setting stops the process with one clear line naming it", () => {
  const run = spawnSync(resolve("node_modules/.bin/node"), ["server/index.ts"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: "eighty", LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr.trim().split("\n")).toEqual([
    "Setting PORT is invalid: must be a port number between 1 and 65535",
  ]);
});

test("SIGTERM finishes in-flight requests, closes the database and exits 0 within 10 s", async () => {
  const server = await startServer();
  // A request that is surely in flight when the signal comes: its headers are sent at once, and the
  // rest of its body only after SIGTERM.
  const encoder = new TextEncoder();
  let sendTheRest!: () => void;
  const rest = new Promise<void>((resolve) => (sendTheRest = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('{"email":"sigterm@example.nz",'));
      await rest;
      controller.enqueue(encoder.encode('"region":"Otago"}'));
      controller.close();
    },
  });
  const inFlight = fetch(`${server.url}/api/waitlist`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body,
    duplex: "half",
  } as RequestInit).then(async (r) => ({ status: r.status, body: await r.text() }));
  await new Promise((r) => setTimeout(r, 300));
  const started = Date.now();
  const stopped = server.stop();
  await new Promise((r) => setTimeout(r, 200));
  sendTheRest();
  const code = await stopped;
  const elapsed = Date.now() - started;
  expect(code).toBe(0);
  expect(elapsed).toBeLessThan(10_000);
  const answered = await inFlight;
  expect(answered.status).toBe(201);
  expect(JSON.parse(answered.body)).toMatchObject({ ok: true });
  await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
});
