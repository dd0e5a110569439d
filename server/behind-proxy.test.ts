// Behind TLS-terminating proxies (ADR 062): the client is the address the nearest trusted proxy
// saw, whatever the client wrote into X-Forwarded-For, and our pages' forms are accepted from the
// public https:// origin the browser names though the app itself is reached over http.
// The pages are React Router's own request handler around the real sign-in route; only the
// document shell is left out (it renders nothing these answers need).
import { afterAll, beforeAll, expect, test } from "vitest";
import type { ServerBuild } from "react-router";
import * as signInRoute from "#app/routes/auth/sign-in.tsx";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { createApp } from "./app.ts";

const SITE = "https://shop.patch.test";

/** A server build of one page (/auth, the sign-in form) under an empty root. */
function oneRouteBuild(): ServerBuild {
  const shell = (_request: Request, status: number, headers: Headers) =>
    new Response("<!doctype html>", { status, headers });
  return {
    entry: { module: { default: shell } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      auth: { id: "auth", parentId: "root", path: "auth", module: signInRoute },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    basename: "/",
  } as unknown as ServerBuild;
}

let t: TestDatabase;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: SITE, TRUST_PROXY_HOPS: "1" });
  app = createApp({ settings: t.settings, build: oneRouteBuild(), clientDir: "/nonexistent" });
});
afterAll(async () => {
  await t.close();
});

/** As the proxy passes a browser's sign-in post on: plain http inside, https outside. */
function signInPost(
  password: string,
  headers: Record<string, string>,
  email = "someone@patch.test",
) {
  const body = new URLSearchParams({ intent: "sign-in", email, password });
  return app.request("http://shop.patch.test/auth", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-proto": "https",
      ...headers,
    },
    body: body.toString(),
  });
}

test("a form posted from the public https:// origin is accepted though the app sees http", async () => {
  const res = await signInPost("not the password at all", {
    origin: SITE,
    "x-forwarded-for": "203.0.113.10",
  });
  // Refused as a wrong password, not as a foreign request.
  expect(res.status).toBe(401);
});

test("a foreign origin is still refused behind the proxy", async () => {
  for (const origin of ["https://evil.example", "http://shop.patch.test.evil.example"]) {
    const res = await signInPost("whatever it is", {
      origin,
      "x-forwarded-for": "203.0.113.11",
    });
    expect(res.status, origin).toBe(403);
  }
});

test("a client's own X-Forwarded-For entries don't change whom the limits count", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await signInPost(
      `wrong password number ${i}`,
      // The client writes a new address each time; the proxy appends the one it saw.
      { origin: SITE, "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.20` },
      `target${i % 2}@patch.test`,
    );
    statuses.push(res.status);
  }
  // Five failures a minute from one connection, in fixed minutes, then 429 whatever the client
  // claims: 20 posts cross at most one minute's edge, so at most ten are answered and the rest
  // refused. Were the client's own entries believed, each post would be a new connection.
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  // Another connection behind the same proxy is not held back by it.
  const other = await signInPost("one more wrong one", {
    origin: SITE,
    "x-forwarded-for": "198.51.100.1, 203.0.113.21",
  });
  expect(other.status).toBe(401);
});
