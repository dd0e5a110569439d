// Request bodies over a real socket: a body larger than its route takes is refused with 413
// before it is read (declared or chunked), so four 60 MB posts at once neither take memory nor
// hold up /api/health; bodies of the size a route takes still get through, and the larger size a
// product's pictures need only from an admin.
import { request as httpRequest, createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { bodyLimits } from "#server/middleware/body-limits.ts";
import { createApp } from "./app.ts";

const SITE = "https://patch.test";
const MB = 1024 * 1024;
let t: TestDatabase;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: SITE });
  await startQueue(t.handle, { connectionString: t.url });
  server = createServer(getRequestListener(createApp({ settings: t.settings }).fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await stopQueue();
  await t.close();
});

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/**
 * POSTs `size` bytes in 1 MB writes (declared up front, or chunked), as fast as the server takes
 * them, and stops sending once the answer comes.
 */
function post(path: string, size: number, options: { chunked?: boolean; type?: string } = {}) {
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(base + path, {
      method: "POST",
      headers: {
        "content-type": options.type ?? "application/json",
        origin: SITE,
        ...(options.chunked ? {} : { "content-length": String(size) }),
      },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const ms = performance.now() - started;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, ms, body });
        req.destroy();
      });
    });
    // Once answered, the server may close the connection under the rest of the body.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(Math.min(MB, size), "a");
    let sent = 0;
    const write = () => {
      while (!answered && sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

async function health(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/health`);
  await res.text();
  return performance.now() - started;
}

test("four 60 MB posts at once are refused with 413 before they are read; health still answers", async () => {
  // A refused client may see the 413, or, when its kernel gets the server's close while it is still
  // sending, a reset in its place: either way nothing past the limit was read. How quickly is a
  // figure for the benchmarks, not an assertion here (the machine's speed varies).
  const refusedOrReset = (answer: Promise<Answer>) =>
    answer.catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") return "reset" as const;
      throw error;
    });
  const attacks = Promise.all([
    refusedOrReset(post("/api/waitlist", 60 * MB)),
    refusedOrReset(post("/api/waitlist", 60 * MB, { chunked: true })),
    refusedOrReset(post("/checkout", 60 * MB, { type: "application/x-www-form-urlencoded" })),
    refusedOrReset(post("/api/webhooks/stripe", 60 * MB, { chunked: true })),
  ]);
  for (let i = 0; i < 5; i++) await health();
  for (const answer of await attacks) {
    if (answer !== "reset") expect(answer.status).toBe(413);
  }
});

test("a refusal says why in words: JSON for the API, plain text for a page's form", async () => {
  expect(JSON.parse((await post("/api/waitlist", 9 * 1024)).body)).toEqual({
    error: "That is more than we take here (8 KB at most). Please shorten it and try again.",
  });
  const form = await post("/checkout", 65 * 1024, { type: "application/x-www-form-urlencoded" });
  expect(form.status).toBe(413);
  expect(form.body).toBe(
    "That is more than we take here (64 KB at most). Please shorten it and try again.",
  );
});

test("each route takes the size it needs, and no more", async () => {
  // The waitlist takes a few fields; a form post up to 64 KB reaches its page; Stripe's events up
  // to 256 KB reach the webhook (refused there for their missing signature, not their size).
  expect((await post("/api/waitlist", 9 * 1024)).status).toBe(413);
  expect((await post("/api/waitlist", 7 * 1024, { chunked: true })).status).toBe(400);
  expect((await post("/no-page-here", 60 * 1024)).status).toBe(404);
  expect((await post("/no-page-here", 65 * 1024, { chunked: true })).status).toBe(413);
  expect((await post("/api/webhooks/stripe", 200 * 1024)).status).not.toBe(413);
  expect((await post("/api/webhooks/stripe", 257 * 1024)).status).toBe(413);
  // An admin's product pictures: only an admin sends more than the default there (below).
  const form = { type: "multipart/form-data; boundary=x" };
  expect((await post("/admin/products/new", 20 * MB, form)).status).toBe(413);
  expect((await post("/admin/products/new", 60 * 1024, form)).status).not.toBe(413);
});

test("a product's pictures: up to 20 MB from an admin, the default from anyone else", async () => {
  const app = new Hono();
  app.use(bodyLimits({ isAdmin: async (r) => r.headers.get("x-test-admin") === "yes" }));
  app.post("*", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
  const send = (path: string, size: number, admin: boolean) =>
    app.request(path, {
      method: "POST",
      headers: {
        "content-length": String(size),
        "content-type": "multipart/form-data; boundary=x",
        ...(admin ? { "x-test-admin": "yes" } : {}),
      },
      body: new Uint8Array(size),
    });
  expect(await (await send("/admin/products/new", 20 * MB, true)).text()).toBe(String(20 * MB));
  expect((await send("/admin/products/plant-labels.data", 20 * MB, true)).status).toBe(200);
  const over = await send("/admin/products/new", 21 * MB, true);
  expect(over.status).toBe(413);
  expect(await over.text()).toBe(
    "That is more than we take here (20 MB at most). Please shorten it and try again.",
  );
  expect((await send("/admin/products/new", 65 * 1024, false)).status).toBe(413);
  expect((await send("/admin/products/new", 60 * 1024, false)).status).toBe(200);
  // The list and deeper paths keep the default, admin or not.
  expect((await send("/admin/products", 65 * 1024, true)).status).toBe(413);
  expect((await send("/admin/products/new/x", 65 * 1024, true)).status).toBe(413);
});

test("a GET or HEAD passes without the adapter building a full Request for it (ADR 053)", async () => {
  // @hono/node-server hands the app a lightweight request and builds undici's Request only when
  // something asks for more (a body, a clone). That Request registers with a FinalizationRegistry,
  // which keeps everything on the request's abort signal past every young-generation collection:
  // a page's whole render, for every page. Asking a GET for its body did exactly that.
  const app = new Hono();
  app.use(bodyLimits());
  app.all("*", async (c) => {
    const built = inspect(c.req.raw, { depth: 1 }).includes("nativeRequest: undefined")
      ? "no"
      : "yes";
    if (c.req.method === "POST") await c.req.text();
    return c.text(built);
  });
  const local = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/profile`;
  try {
    expect(await (await fetch(url)).text()).toBe("no");
    expect((await fetch(url, { method: "HEAD" })).status).toBe(200);
    // A post's body is read, so its Request is built (and its size still checked).
    expect(await (await fetch(url, { method: "POST", body: "a=1" })).text()).toBe("yes");
    const big = await fetch(url, { method: "POST", body: "a".repeat(65 * 1024) });
    expect(big.status).toBe(413);
  } finally {
    local.closeAllConnections();
    await new Promise((resolve) => local.close(resolve));
  }
});
