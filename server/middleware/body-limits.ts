// How large a request body each route takes. A larger one is refused with 413 before it is read:
// at once from its Content-Length, or, for a chunked body, as soon as the bytes counted so far
// pass the limit (hono's bodyLimit). Nothing here accepts uploads, so 64 KB covers every form and
// JSON body (the longest is an admin's product description, 5,000 characters, about 45 KB
// URL-encoded at worst); only Stripe's events may be larger.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

const KB = 1024;

export const DEFAULT_BODY_LIMIT = 64 * KB;

/** Routes that take another size than the default, by exact path. */
export const BODY_LIMITS: Record<string, number> = {
  // An event carries the whole payment intent; Stripe's own examples accept 100 KB.
  "/api/webhooks/stripe": 256 * KB,
  // An e-mail address, a region and a few answers.
  "/api/waitlist": 8 * KB,
  // The form field List-Unsubscribe=One-Click (RFC 8058).
  "/api/unsubscribe": 1 * KB,
};

const refuse = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      const message = `That is more than we take here (${Math.round(maxSize / KB)} KB at most). Please shorten it and try again.`;
      // The rest of the body is not wanted: the connection closes after this answer.
      c.header("Connection", "close");
      return c.req.path.startsWith("/api/")
        ? c.json({ error: message }, 413)
        : c.text(message, 413);
    },
  });

export function bodyLimits(): MiddlewareHandler {
  const byPath = new Map(Object.entries(BODY_LIMITS).map(([path, size]) => [path, refuse(size)]));
  const fallback = refuse(DEFAULT_BODY_LIMIT);
  return (c, next) => (byPath.get(c.req.path) ?? fallback)(c, next);
}
