import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Agent, createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { startDraining, stopDrainingForTests } from "#app/lib/draining.server.ts";
import { startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { precompressAssets } from "#scripts/precompress-assets.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { createApp } from "./app.ts";

let t: TestDatabase;
let clientDir: string;
beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: "https://patch.test" });
  clientDir = mkdtempSync(join(tmpdir(), "patch-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "assets", "app-abc123.js"), "console.log('hi');".repeat(200));
  writeFileSync(join(clientDir, "assets", "tiny-abc123.js"), "console.log('hi');");
  // As `npm run build` leaves them: a Brotli and a gzip copy beside each asset worth compressing.
  precompressAssets(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "robots.txt"), "User-agent: *\n");
});
afterAll(async () => {
  await stopQueue();
  await t.close();
});

const app = () => createApp({ settings: t.settings, clientDir });

test("health reports the database and the queue", async () => {
  const before = await app().request("/api/health");
  expect(before.status).toBe(503);
  expect(await before.json()).toMatchObject({ status: "degraded", database: { ok: true } });

  await startQueue(t.handle, { connectionString: t.url });
  const res = await app().request("/api/health");
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    status: "ok",
    database: { ok: true },
    queue: { started: true },
  });
  expect(res.headers.get("cache-control")).toBe("no-store");
});

test("liveness answers while the process runs; readiness fails from the moment it is told to stop", async () => {
  await stopQueue();
  expect((await app().request("/api/health/ready")).status).toBe(503); // still starting
  await startQueue(t.handle, { connectionString: t.url });
  const live = await app().request("/api/health/live");
  expect(live.status).toBe(200);
  expect(live.headers.get("cache-control")).toBe("no-store");
  expect((await app().request("/api/health/ready")).status).toBe(200);

  // Over a real socket, as a load balancer's kept-alive connection would be.
  const server = createServer(getRequestListener(app().fetch));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const ask = (path: string) =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const agent = new Agent({ keepAlive: true });
      get({ host: "127.0.0.1", port, path, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          agent.destroy();
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
        });
      }).on("error", reject);
    });
  try {
    expect(await ask("/robots.txt")).toEqual({ status: 200, connection: "keep-alive" });
    startDraining();
    expect(await ask("/api/health/ready")).toEqual({ status: 503, connection: "close" });
    // In-flight work is still answered, and the client is told to reconnect elsewhere.
    expect(await ask("/robots.txt")).toEqual({ status: 200, connection: "close" });
    expect((await app().request("/api/health/live")).status).toBe(200);
  } finally {
    stopDrainingForTests();
    server.close();
    await stopQueue();
  }
});

test("every answer carries a request id and the security headers", async () => {
  const res = await app().request("/api/health");
  expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  // API answers run no scripts: a fixed policy that allows nothing.
  expect(res.headers.get("content-security-policy")).toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
  // Pages get the nonce policy.
  const page = await app().request("/robots.txt");
  const csp = page.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  // HSTS only in production.
  expect(res.headers.get("strict-transport-security")).toBeNull();
  const prod = createApp({
    settings: { ...t.settings, isProduction: true },
    clientDir,
  });
  expect((await prod.request("/api/health")).headers.get("strict-transport-security")).toContain(
    "max-age=63072000",
  );
});

test("nonces differ per request", async () => {
  const a = (await app().request("/robots.txt")).headers.get("content-security-policy");
  const b = (await app().request("/robots.txt")).headers.get("content-security-policy");
  expect(a).not.toBe(b);
});

test("hashed assets are immutable for a year and compressed", async () => {
  const res = await app().request("/assets/app-abc123.js", {
    headers: { "accept-encoding": "gzip" },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(res.headers.get("content-encoding")).toBe("gzip");
  // A script is no document: what a subresource needs, without the page's ~500 bytes of policies.
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  for (const name of ["content-security-policy", "x-frame-options", "x-request-id"]) {
    expect(res.headers.get(name), name).toBeNull();
  }
  // A missing asset is answered under the policy that allows nothing.
  const missing = await app().request("/assets/gone-abc123.js");
  expect(missing.status).toBe(404);
  expect(missing.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(missing.headers.get("x-frame-options")).toBe("DENY");
  const other = await app().request("/robots.txt");
  expect(other.headers.get("cache-control")).toBe("public, max-age=3600");
});

test("an asset goes out as the copy the build compressed, in the best encoding the browser takes", async () => {
  const script = "console.log('hi');".repeat(200);
  const assets = join(clientDir, "assets");
  const get = (acceptEncoding?: string) =>
    app().request(
      "/assets/app-abc123.js",
      acceptEncoding ? { headers: { "accept-encoding": acceptEncoding } } : {},
    );

  const br = await get("gzip, deflate, br, zstd");
  expect(br.headers.get("content-encoding")).toBe("br");
  expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
  expect(br.headers.get("content-type")).toMatch(/^text\/javascript/);
  expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const brBody = Buffer.from(await br.arrayBuffer());
  expect(brBody.byteLength).toBe(statSync(join(assets, "app-abc123.js.br")).size);
  expect(brotliDecompressSync(brBody).toString()).toBe(script);

  const gzip = await get("gzip");
  expect(gzip.headers.get("content-encoding")).toBe("gzip");
  const gzipBody = Buffer.from(await gzip.arrayBuffer());
  expect(gzipBody.byteLength).toBe(statSync(join(assets, "app-abc123.js.gz")).size);
  expect(gunzipSync(gzipBody).toString()).toBe(script);

  const plain = await get();
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toBe(script);

  // A file too small to gain from it has no copies and goes out as it is.
  expect(existsSync(join(assets, "tiny-abc123.js.br"))).toBe(false);
  const tiny = await app().request("/assets/tiny-abc123.js", {
    headers: { "accept-encoding": "br, gzip" },
  });
  expect(tiny.headers.get("content-encoding")).toBeNull();
  expect(await tiny.text()).toBe("console.log('hi');");
});

test("small API answers go out uncompressed", async () => {
  const res = await app().request("/api/health", { headers: { "accept-encoding": "gzip" } });
  expect(res.headers.get("content-encoding")).toBeNull();
  expect(await res.json()).toMatchObject({ database: expect.any(Object) });
});

test("state-changing requests from a foreign origin are refused", async () => {
  const foreign = await app().request("/api/health", {
    method: "POST",
    headers: { origin: "https://evil.example" },
  });
  expect(foreign.status).toBe(403);
  expect(await foreign.json()).toEqual({
    error: "This request came from another site and was refused.",
  });
  const crossSite = await app().request("/api/anything", {
    method: "POST",
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status).toBe(403);
  const ours = await app().request("/api/nothing-here", {
    method: "POST",
    headers: { origin: "https://patch.test" },
  });
  expect(ours.status).toBe(404);
  const webhook = await app().request("/api/webhooks/stripe", {
    method: "POST",
    headers: { origin: "https://stripe.example" },
  });
  expect(webhook.status).toBe(404);
});

test("unknown API paths answer a JSON 404", async () => {
  const res = await app().request("/api/nope");
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: "Not found" });
});

test("a client's X-Request-Id is taken only from a trusted proxy, and only in a plain shape", async () => {
  const id = async (a: ReturnType<typeof app>, given: string) =>
    (await a.request("/api/health", { headers: { "x-request-id": given } })).headers.get(
      "x-request-id",
    );
  // Anyone else's choice would file their request under an id of their making in our logs.
  expect(await id(app(), "chosen-by-client")).toMatch(/^[0-9a-f-]{36}$/);
  const behindProxy = createApp({ settings: { ...t.settings, trustProxyHops: 1 }, clientDir });
  expect(await id(behindProxy, "lb-7f3a.91_x")).toBe("lb-7f3a.91_x");
  for (const odd of ["x".repeat(65), "a b", "<script>", "id=1", "ünï"]) {
    expect(await id(behindProxy, odd), odd).toMatch(/^[0-9a-f-]{36}$/);
  }
});

test("personal answers are private and never stored; public ones keep their own rules", async () => {
  for (const path of [
    "/profile",
    "/address",
    "/checkout",
    "/post-checkout?order=abc",
    "/login",
    "/signup",
    "/auth",
    "/admin",
    "/admin/orders/abc",
    "/admin/stats",
    "/profile.data",
    "/_dev/mail",
    // Not a public page, and it doesn't say otherwise: private too.
    "/waitlist/confirm?token=x",
  ]) {
    const res = await app().request(path);
    expect(res.headers.get("cache-control"), path).toBe("private, no-store");
  }
  // Public files and assets keep theirs; the API's own answers say their own.
  expect((await app().request("/robots.txt")).headers.get("cache-control")).toBe(
    "public, max-age=3600",
  );
  expect((await app().request("/api/health")).headers.get("cache-control")).toBe("no-store");
});
