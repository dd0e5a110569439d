// The server as a process: a wrong setting stops it with one line; SIGTERM finishes in-flight
// requests and exits 0 within 10 s; `npm start` with nothing set says what stands in for its
// settings, keeps its mailbox from strangers and links to the port it listens on.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, test } from "vitest";
import { printedMailboxUrl, startServer } from "./server-process.ts";

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
  // Starting a server of its own takes most of a minute on a busy two-core machine.
}, 120_000);

test("`npm start` with no APP_ENV or SITE_URL: links follow PORT, the mailbox is the console's alone", async () => {
  // As on a fresh clone (the secret given, so nothing is written into the project's .data).
  const server = await startServer({
    APP_ENV: "development",
    SITE_URL: "",
    AUTH_SECRET: "a-secret-for-this-test-only-0123456789",
  });
  try {
    const port = new URL(server.url).port;
    const home = await (await fetch(`${server.url}/`)).text();
    // The hero's Shop button and the survey link go where the site is.
    expect(home).toContain(`href="http://localhost:${port}/products"`);
    expect(home).not.toContain("localhost:3000");

    const notice = server.output();
    expect(notice).toContain(
      "Running with development conveniences (APP_ENV=development; APP_ENV=production allows none):",
    );
    expect(notice).toContain("  - Payments: the demo provider");
    expect(notice).toContain("  - Admins: the example addresses admin@patch.nz");
    const mailbox = await printedMailboxUrl(server.output);
    expect(mailbox).toMatch(new RegExp(`^http://localhost:${port}/_dev/mail\\?key=[\\w-]{43}$`));

    expect((await fetch(`${server.url}/_dev/mail`)).status).toBe(404);
    expect((await fetch(`${server.url}/_dev/crash`)).status).toBe(404);
    const opened = await fetch(mailbox, { redirect: "manual" });
    expect(opened.status).toBe(303);
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await fetch(`${server.url}/_dev/mail`, { headers: { cookie } })).status).toBe(200);
  } finally {
    await server.stop();
  }
});
