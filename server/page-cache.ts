// A micro-cache for the public pages anonymous visitors read (home, education, shop, legal): the
// rendered HTML is kept for a few seconds and served again with this request's CSP nonce in place
// of the one it was rendered with. A visitor with any cookie (signed in, a flash message), a
// non-GET, a page outside the list, or an answer that isn't a plain 200 goes straight through.

const PUBLIC_PAGES = [
  /^\/$/,
  /^\/education(\/[\w-]+){0,2}$/,
  /^\/products?$/,
  /^\/product\/[\w-]+$/,
  /^\/(privacy|terms|calendar|waitlist)$/,
];

interface Entry {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  expires: number;
}

export interface PageCache {
  /** The cache key for a request that may be served from the cache, else undefined. */
  keyFor(request: Request): string | undefined;
  /** A cached answer with `nonce` in place of the one it was rendered with. */
  get(key: string, nonce: string, now?: number): Response | undefined;
  /** Keeps a cacheable answer (consuming its body) and returns an equivalent one. */
  store(key: string, response: Response, nonce: string, now?: number): Promise<Response>;
}

export function createPageCache({
  ttlMs = 5_000,
  maxEntries = 200,
}: { ttlMs?: number; maxEntries?: number } = {}): PageCache {
  const entries = new Map<string, Entry>();

  const answer = (entry: Entry, nonce: string) => {
    const headers = new Headers(entry.headers);
    headers.set("x-page-cache", "hit");
    const body = entry.body.replaceAll(entry.nonce, nonce);
    return new Response(body, { status: entry.status, headers });
  };

  return {
    keyFor(request) {
      if (request.method !== "GET" && request.method !== "HEAD") return undefined;
      if (request.headers.has("cookie") || request.headers.has("authorization")) return undefined;
      const url = new URL(request.url);
      if (!PUBLIC_PAGES.some((p) => p.test(url.pathname))) return undefined;
      // React Router's data requests (.data) and the HTML document are different answers.
      return `${request.method} ${url.pathname}${url.search}`;
    },

    get(key, nonce, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now) {
        entries.delete(key);
        return undefined;
      }
      return answer(entry, nonce);
    },

    async store(key, response, nonce, now = Date.now()) {
      const cacheControl = response.headers.get("cache-control") ?? "";
      const type = response.headers.get("content-type") ?? "";
      if (
        !nonce ||
        response.status !== 200 ||
        response.headers.has("set-cookie") ||
        /no-store|private/.test(cacheControl) ||
        !type.startsWith("text/html")
      ) {
        return response;
      }
      const entry: Entry = {
        status: response.status,
        headers: [...response.headers],
        body: await response.text(),
        nonce,
        expires: now + ttlMs,
      };
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, entry);
      const headers = new Headers(entry.headers);
      headers.set("x-page-cache", "miss");
      return new Response(entry.body, { status: entry.status, headers });
    },
  };
}
