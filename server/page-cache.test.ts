// The public-page micro-cache: who may be served from it, the nonce swapped on every hit, expiry,
// and the answers it must never keep.
import { expect, test } from "vitest";
import { createPageCache } from "./page-cache.ts";

const SITE = "https://patch.test";
const html = (nonce: string) =>
  `<!doctype html><script nonce="${nonce}">hydrate()</script><link nonce="${nonce}" rel="modulepreload">`;
const page = (nonce: string, init: ResponseInit = {}) =>
  new Response(html(nonce), {
    status: 200,
    ...init,
    headers: { "content-type": "text/html; charset=utf-8", ...init.headers },
  });

test("only anonymous GETs of the public pages are cacheable", () => {
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
  expect(key("/", { headers: { cookie: "patch.session_token=x" } })).toBeUndefined();
  expect(key("/", { method: "POST", body: "x" })).toBeUndefined();
});

test("a hit is the same page with this request's nonce, until it expires", async () => {
  const cache = createPageCache({ ttlMs: 5_000 });
  const now = 1_000_000;
  const first = await cache.store("GET /", page("nonce-one"), "nonce-one", now);
  expect(await first.text()).toBe(html("nonce-one"));
  expect(first.headers.get("x-page-cache")).toBe("miss");

  const hit = cache.get("GET /", "nonce-two", now + 1_000);
  expect(hit?.headers.get("x-page-cache")).toBe("hit");
  expect(hit?.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const body = await hit!.text();
  expect(body).toBe(html("nonce-two"));
  expect(body).not.toContain("nonce-one");

  expect(cache.get("GET /", "nonce-three", now + 5_000)).toBeUndefined();
});

test("answers that belong to one visitor, or aren't plain pages, are never kept", async () => {
  const cache = createPageCache();
  const refused = [
    page("n", { headers: { "set-cookie": "patch.toast=x" } }),
    page("n", { headers: { "cache-control": "private, no-store" } }),
    page("n", { status: 404 }),
    new Response("{}", { headers: { "content-type": "application/json" } }),
  ];
  for (const [i, response] of refused.entries()) {
    await cache.store(`GET /${i}`, response, "n");
    expect(cache.get(`GET /${i}`, "m"), String(i)).toBeUndefined();
  }
  // Without a nonce to swap, a page can't be served to anyone else.
  await cache.store("GET /no-nonce", page(""), "");
  expect(cache.get("GET /no-nonce", "m")).toBeUndefined();
});

test("the oldest page makes room when the cache is full", async () => {
  const cache = createPageCache({ maxEntries: 2 });
  for (const key of ["a", "b", "c"]) await cache.store(key, page("n"), "n");
  expect(cache.get("a", "m")).toBeUndefined();
  expect(cache.get("b", "m")).toBeDefined();
  expect(cache.get("c", "m")).toBeDefined();
});
