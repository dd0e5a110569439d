// A micro-cache for the public pages (home, education, shop, legal). It
// sits outside the security headers and compression (server/app.ts), so it keeps each page as it
// was finally sent, gzipped once, and a hit is those bytes sent again: no render, no compression,
// no per-request rewriting.
//
// A rendered page allows its inline scripts by a per-request nonce. A kept page can't reuse that
// nonce (a nonce must not be predictable from an earlier answer), so its policy allows the same
// scripts by their SHA-256 hashes instead: exactly the scripts that page holds, nothing else.
//
// Who is served from it: app/lib/public-pages.ts (any visitor, signed in or not, on a listed page,
// unless a flash message waits for them). A non-GET, a page outside the list, or an answer that
// isn't a plain 200 page without cookies goes straight through.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { isSharedPageRequest } from "#app/lib/public-pages.ts";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Analytics parameters that ads and newsletters add to links (left out of the cache key). */
const TRACKING_PARAMS = /^(utm_\w+|gclid|gbraid|wbraid|fbclid|msclkid|mc_cid|mc_eid)$/i;

/** Smaller pages are kept but not gzipped, as the compression middleware does. */
const MIN_GZIP_BYTES = 1024;

interface Entry {
  status: number;
  headers: [string, string][];
  identity: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer> | undefined;
  expires: number;
}

export interface PageCache {
  /** The cache key for a request that may be served from the cache, else undefined. */
  keyFor(request: Request): string | undefined;
  /** The kept page for `request` (same key), gzipped when the request accepts it. */
  get(key: string, request: Request, now?: number): Response | undefined;
  /**
   * A kept page past its time but within the grace period: sent only while another request is
   * rendering its successor.
   */
  getStale(key: string, request: Request, now?: number): Response | undefined;
  /** Keeps a cacheable GET answer (consuming its body) and returns an equivalent one. */
  store(key: string, response: Response, now?: number): Promise<Response>;
}

/**
 * Public pages in shared caches: a CDN keeps one for a minute and may serve it up to ten minutes
 * stale while it fetches the next; browsers revalidate each time (max-age=0) with the ETag.
 */
export const PUBLIC_PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || t === etag;
  });
}

/** The base64 SHA-256 of each inline script's text, as a CSP hash source names it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}

export function createPageCache({
  ttlMs = 5_000,
  staleMs = 30_000,
  maxEntries = 200,
}: { ttlMs?: number; staleMs?: number; maxEntries?: number } = {}): PageCache {
  const entries = new Map<string, Entry>();

  const answer = (entry: Entry, request: Request, label: string) => {
    const headers = new Headers(entry.headers);
    headers.set("x-page-cache", label);
    const etag = headers.get("etag");
    if (etag && ifNoneMatch(request.headers.get("if-none-match"), etag)) {
      headers.delete("content-type");
      return new Response(null, { status: 304, headers });
    }
    const gzipped =
      entry.gzipped && /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")
        ? entry.gzipped
        : undefined;
    if (gzipped) headers.set("content-encoding", "gzip");
    const body = request.method === "HEAD" ? null : (gzipped ?? entry.identity);
    return new Response(body, { status: entry.status, headers });
  };

  return {
    keyFor(request) {
      if (!isSharedPageRequest(request)) return undefined;
      const url = new URL(request.url);
      // Campaign and click ids make every visitor from an ad or a newsletter's link unique, and
      // nothing we render reads them: the page is the same one.
      for (const name of [...url.searchParams.keys()]) {
        if (TRACKING_PARAMS.test(name)) url.searchParams.delete(name);
      }
      return `${url.pathname}${url.search}`;
    },

    get(key, request, now = Date.now()) {
      const entry = entries.get(key);
      return entry && entry.expires > now ? answer(entry, request, "hit") : undefined;
    },

    getStale(key, request, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires + staleMs <= now) {
        entries.delete(key);
        return undefined;
      }
      return answer(entry, request, "stale");
    },

    async store(key, response, now = Date.now()) {
      const cacheControl = response.headers.get("cache-control") ?? "";
      const type = response.headers.get("content-type") ?? "";
      const encoding = response.headers.get("content-encoding");
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[0];
      if (
        !nonce ||
        !response.body ||
        response.status !== 200 ||
        response.headers.has("set-cookie") ||
        /no-store|private/.test(cacheControl) ||
        !type.startsWith("text/html") ||
        (encoding !== null && encoding !== "gzip")
      ) {
        return response;
      }
      const sent = new Uint8Array(await response.arrayBuffer());
      const identity: Uint8Array<ArrayBuffer> =
        encoding === "gzip" ? new Uint8Array(await gunzipAsync(sent)) : sent;
      const gzipped =
        encoding === "gzip"
          ? sent
          : identity.byteLength >= MIN_GZIP_BYTES
            ? new Uint8Array(await gzipAsync(identity))
            : undefined;
      const hashes = inlineScriptHashes(Buffer.from(identity).toString("utf8")).map(
        (h) => `'sha256-${h}'`,
      );
      const headers = new Headers(response.headers);
      headers.delete("content-length");
      headers.delete("content-encoding");
      // The same bytes for everyone: a CDN or proxy may keep it too, and a browser asks again
      // with its ETag and gets a 304 when nothing changed.
      headers.set("cache-control", PUBLIC_PAGE_CACHE_CONTROL);
      headers.set(
        "etag",
        `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      );
      // No inline script at all: the policy allows none ('self' scripts only).
      headers.set(
        "content-security-policy",
        csp.replace(` ${nonce}`, hashes.map((h) => ` ${h}`).join("")),
      );
      if (gzipped && !/accept-encoding/i.test(headers.get("vary") ?? "")) {
        headers.append("vary", "Accept-Encoding");
      }
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, {
        status: response.status,
        headers: [...headers],
        identity,
        gzipped,
        expires: now + ttlMs,
      });
      // This answer is the kept one too (scripts by hash, not the nonce), since a shared cache
      // downstream may keep whichever answer it sees first.
      const answer = new Headers(headers);
      if (encoding === "gzip") answer.set("content-encoding", "gzip");
      answer.set("x-page-cache", "miss");
      return new Response(sent, { status: response.status, headers: answer });
    },
  };
}

/**
 * The cache as middleware: registered before the security headers and compression. One request
 * at a time renders a page that is missing or past its time; the others meanwhile get the
 * previous copy (within its grace period) or wait for the new one, so an expiry under load is one
 * render, not a pile of them queued on the database.
 */
export function pageCache(cache: PageCache = createPageCache()): MiddlewareHandler {
  const rendering = new Map<string, Promise<void>>();
  return async (c, next) => {
    const key = cache.keyFor(c.req.raw);
    if (!key) return next();
    const hit = cache.get(key, c.req.raw);
    if (hit) return hit;
    const pending = rendering.get(key);
    if (pending) {
      const stale = cache.getStale(key, c.req.raw);
      if (stale) return stale;
      await pending;
      const kept = cache.get(key, c.req.raw) ?? cache.getStale(key, c.req.raw);
      if (kept) return kept;
      return next(); // that answer wasn't one to keep: this request gets its own
    }
    if (c.req.method !== "GET") return next();
    let finished = () => {};
    rendering.set(key, new Promise<void>((resolve) => (finished = resolve)));
    try {
      await next();
      c.res = await cache.store(key, c.res);
    } finally {
      rendering.delete(key);
      finished();
    }
  };
}
