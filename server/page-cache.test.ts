// The public-page micro-cache: who may be served from it, what a hit sends (the bytes as sent,
// gzipped once, its inline scripts allowed by hash instead of the spent nonce), expiry, and the
// answers it must never keep.
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { expect, test } from "vitest";
import {
  PUBLIC_PAGE_CACHE_CONTROL,
  createPageCache,
  inlineScriptHashes,
  pageCache,
} from "./page-cache.ts";

const SITE = "https://patch.test";
const SCRIPT = "hydrate()";
const MODULE = 'import "/assets/a.js";';
const html = (nonce: string) =>
  `<!doctype html><script nonce="${nonce}">${SCRIPT}</script>` +
  `<script nonce="${nonce}" type="module" async="">${MODULE}</script>` +
  `<script src="/assets/b.js"></script><p>${"Garden supplies delivered. ".repeat(60)}</p>`;
const policy = (nonce: string) =>
  `default-src 'self'; script-src 'self' 'nonce-${nonce}'; object-src 'none'`;
const page = (nonce: string, init: ResponseInit = {}) =>
  new Response(html(nonce), {
    status: 200,
    ...init,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": policy(nonce),
      "x-frame-options": "DENY",
      ...init.headers,
    },
  });
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const get = (path = "/", headers: Record<string, string> = {}, method = "GET") =>
  new Request(SITE + path, { method, headers });

test("only GETs of the public pages, as anyone would get them, are cacheable", () => {
  const cache = createPageCache();
  const key = (path: string, init?: RequestInit) => cache.keyFor(new Request(SITE + path, init));
  for (const path of [
    "/",
    "/education",
    "/education/slug-patrol",
    "/education/monthly/june",
    "/products?category=seeds",
    "/product/garlic-bulbs",
    "/privacy",
    "/waitlist?plan=2m2",
  ]) {
    expect(key(path), path).toBeDefined();
  }
  for (const path of [
    "/profile",
    "/checkout",
    "/post-checkout?order=abc",
    "/unsubscribe?token=x",
    "/waitlist/confirm?token=x",
    "/education.data",
    "/admin",
    "/api/health",
  ]) {
    expect(key(path), path).toBeUndefined();
  }
  // A member's page is the same page (the browser fills in the header); a toast waiting in the
  // flash cookie, or credentials in a header, make it that visitor's own.
  expect(key("/", { headers: { cookie: "patch.session_token=x; patch.member=1" } })).toBe("/");
  expect(key("/", { headers: { cookie: "patch.member=1; flash=abc" } })).toBeUndefined();
  expect(key("/", { headers: { cookie: "__Host-flash=abc" } })).toBeUndefined();
  expect(key("/", { headers: { authorization: "Bearer x" } })).toBeUndefined();
  expect(key("/", { method: "POST", body: "x" })).toBeUndefined();
  // Campaign and click ids don't make another page; the page's own parameters do.
  expect(key("/?gclid=abc&utm_source=newsletter")).toBe("/");
  expect(key("/products?utm_campaign=spring&category=seeds&fbclid=x")).toBe(
    "/products?category=seeds",
  );
  // HEAD is answered from what a GET kept.
  expect(key("/", { method: "HEAD" })).toBe(key("/"));
});

test("inline scripts are hashed as CSP hash sources name them; external ones are not", () => {
  expect(inlineScriptHashes(html("n")).map((h) => `'sha256-${h}'`)).toEqual([
    sha(SCRIPT),
    sha(MODULE),
  ]);
  expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
});

test("a hit is the page as sent, its scripts allowed by hash, gzipped when asked, until it expires", async () => {
  const cache = createPageCache({ ttlMs: 5_000 });
  const now = 1_000_000;
  const first = await cache.store("/", page("nonce-one"), now);
  expect(await first.text()).toBe(html("nonce-one"));
  expect(first.headers.get("x-page-cache")).toBe("miss");
  // Even the first answer allows its scripts by hash: a CDN may keep whichever it sees.
  const hashed = `default-src 'self'; script-src 'self' ${sha(SCRIPT)} ${sha(MODULE)}; object-src 'none'`;
  expect(first.headers.get("content-security-policy")).toBe(hashed);
  expect(first.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  expect(PUBLIC_PAGE_CACHE_CONTROL).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^"[\w-]{27}"$/);

  const hit = cache.get("/", get("/", { "accept-encoding": "gzip, br" }), now + 1_000)!;
  expect(hit.headers.get("x-page-cache")).toBe("hit");
  expect(hit.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(hit.headers.get("x-frame-options")).toBe("DENY");
  expect(hit.headers.get("content-encoding")).toBe("gzip");
  expect(hit.headers.get("vary")).toMatch(/accept-encoding/i);
  expect(gunzipSync(Buffer.from(await hit.arrayBuffer())).toString()).toBe(html("nonce-one"));
  // The spent nonce is allowed nowhere; exactly the page's own scripts are.
  expect(hit.headers.get("content-security-policy")).toBe(
    `default-src 'self'; script-src 'self' ${sha(SCRIPT)} ${sha(MODULE)}; object-src 'none'`,
  );

  expect(hit.headers.get("etag")).toBe(etag);
  // A browser or CDN that has this copy is told so, without the page.
  const unchanged = cache.get("/", get("/", { "if-none-match": `W/${etag}` }), now + 1_000)!;
  expect(unchanged.status).toBe(304);
  expect(unchanged.body).toBeNull();
  expect(unchanged.headers.get("etag")).toBe(etag);
  expect(cache.get("/", get("/", { "if-none-match": '"other"' }), now + 1_000)!.status).toBe(200);

  const plain = cache.get("/", get("/"), now + 2_000)!;
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toBe(html("nonce-one"));

  const head = cache.get("/", get("/", {}, "HEAD"), now + 2_000)!;
  expect(head.status).toBe(200);
  expect(head.body).toBeNull();

  expect(cache.get("/", get("/"), now + 5_000)).toBeUndefined();
  // Past its time it may still stand in while its successor renders, for the grace period only.
  expect(cache.getStale("/", get("/"), now + 20_000)?.headers.get("x-page-cache")).toBe("stale");
  expect(cache.getStale("/", get("/"), now + 35_000)).toBeUndefined();
  expect(cache.getStale("/", get("/"), now + 1_000)).toBeUndefined();
});

test("a page that was sent gzipped is kept from those bytes", async () => {
  const cache = createPageCache();
  const sent = new Response(gzipSync(html("n1")), {
    headers: {
      "content-type": "text/html",
      "content-encoding": "gzip",
      "content-security-policy": policy("n1"),
      vary: "Accept-Encoding",
    },
  });
  const answer = await cache.store("/", sent);
  expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(html("n1"));
  expect(answer.headers.get("content-encoding")).toBe("gzip");
  const plain = cache.get("/", get("/"))!;
  expect(await plain.text()).toBe(html("n1"));
  expect(plain.headers.get("vary")).toBe("Accept-Encoding");
});

test("answers that belong to one visitor, or aren't plain pages, are never kept", async () => {
  const cache = createPageCache();
  const refused = [
    page("n", { headers: { "set-cookie": "patch.toast=x" } }),
    page("n", { headers: { "cache-control": "private, no-store" } }),
    page("n", { status: 404 }),
    page("n", { headers: { "content-encoding": "br" } }),
    new Response("{}", { headers: { "content-type": "application/json" } }),
    // Without a nonce policy there is nothing to turn into hashes.
    new Response(html("n"), { headers: { "content-type": "text/html" } }),
  ];
  for (const [i, response] of refused.entries()) {
    await cache.store(`/${i}`, response);
    expect(cache.get(`/${i}`, get()), String(i)).toBeUndefined();
  }
});

test("the oldest page makes room when the cache is full", async () => {
  const cache = createPageCache({ maxEntries: 2 });
  for (const key of ["a", "b", "c"]) await cache.store(key, page("n"));
  expect(cache.get("a", get())).toBeUndefined();
  expect(cache.get("b", get())).toBeDefined();
  expect(cache.get("c", get())).toBeDefined();
});

test("as middleware: the second visitor gets the first one's page without a render", async () => {
  let renders = 0;
  const app = new Hono();
  app.use(pageCache());
  app.get("*", () => {
    renders++;
    return page(`nonce-${renders}`);
  });
  const first = await app.request("/education");
  expect(first.headers.get("x-page-cache")).toBe("miss");
  const second = await app.request("/education");
  expect(second.headers.get("x-page-cache")).toBe("hit");
  expect(await second.text()).toBe(html("nonce-1"));
  expect(renders).toBe(1);
  // A signed-in member gets it too; a toast to show and a page outside the list are rendered.
  const member = await app.request("/education", {
    headers: { cookie: "patch.session_token=x; patch.member=1" },
  });
  expect(member.headers.get("x-page-cache")).toBe("hit");
  await app.request("/education", { headers: { cookie: "flash=toast" } });
  await app.request("/profile");
  await app.request("/profile");
  expect(renders).toBe(4);
});

test("as middleware: an expiry under load is one render; the others get the old copy or wait", async () => {
  let renders = 0;
  let release = () => {};
  const app = new Hono();
  // A copy fresh for 2 s: long enough that a loaded machine answers the waiting requests while
  // it is still fresh (CI once took past 100 ms), short enough to wait out below.
  app.use(pageCache(createPageCache({ ttlMs: 2_000, staleMs: 60_000 })));
  app.get("*", async () => {
    renders++;
    const nonce = `nonce-${renders}`;
    await new Promise<void>((resolve) => (release = resolve));
    return page(nonce);
  });

  // Nothing kept yet: the first request renders, the ones arriving meanwhile wait for it.
  const first = app.request("/products");
  const waiting = [app.request("/products"), app.request("/products")];
  await new Promise((r) => setTimeout(r, 10));
  release();
  const answers = await Promise.all([first, ...waiting]);
  expect(renders).toBe(1);
  expect(answers.map((a) => a.headers.get("x-page-cache"))).toEqual(["miss", "hit", "hit"]);
  expect(await answers[2]!.text()).toBe(html("nonce-1"));

  // The copy is past its time: one request renders the next, the others get the old one.
  await new Promise((r) => setTimeout(r, 2_100));
  const refresh = app.request("/products");
  await new Promise((r) => setTimeout(r, 10));
  const meanwhile = await app.request("/products");
  expect(meanwhile.headers.get("x-page-cache")).toBe("stale");
  expect(await meanwhile.text()).toBe(html("nonce-1"));
  release();
  expect((await refresh).headers.get("x-page-cache")).toBe("miss");
  expect(renders).toBe(2);
});
