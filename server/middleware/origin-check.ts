// Refuses state-changing requests from foreign pages (403): the Origin header, or failing that
// Sec-Fetch-Site, must say the request came from our own site. Signed webhooks are exempt.
import type { MiddlewareHandler } from "hono";

export function originCheck(
  siteUrl: string,
  exempt: string[] = ["/api/webhooks/"],
): MiddlewareHandler {
  // Made with the middleware, not at import: a table read at import can't be mutation-tested.
  const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
  const siteOrigin = new URL(siteUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method) || exempt.some((p) => c.req.path.startsWith(p))) return next();
    const origin = c.req.header("origin");
    const requestOrigin = new URL(c.req.url).origin;
    if (origin) {
      if (origin !== siteOrigin && origin !== requestOrigin) {
        return c.json({ error: "This request came from another site and was refused." }, 403);
      }
      return next();
    }
    const fetchSite = c.req.header("sec-fetch-site");
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
      return c.json({ error: "This request came from another site and was refused." }, 403);
    }
    return next();
  };
}
