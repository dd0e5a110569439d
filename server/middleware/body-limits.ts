// How large a request body each route takes. A larger one is refused with 413 before it is read:
// at once from its Content-Length, or, for a chunked body, as soon as the bytes counted so far
// pass the limit (hono's bodyLimit). 64 KB covers every form and JSON body (the longest is an
// admin's product description, 5,000 characters, about 45 KB URL-encoded at worst); only Stripe's
// events and an admin's new product with its pictures may be larger.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

const KB = 1024;
const MB = 1024 * KB;

/** A member's question or reply with up to three photos of 8 MB (PHOTO_MAX_COUNT, PHOTO_MAX_BYTES). */
const COACH_PHOTOS_LIMIT = 3 * 8 * MB + 64 * KB;

/** Up to four pictures of 5 MB (PICTURE_MAX_FILES, PICTURE_MAX_BYTES) and a product's words. */
const PICTURES_LIMIT = 4 * 5 * MB + 256 * KB;

export const DEFAULT_BODY_LIMIT = 64 * KB;

/** Routes that take another size than the default, by exact path. */
export const BODY_LIMITS: Record<string, number> = {
  // An event carries the whole payment intent; Stripe's own examples accept 100 KB.
  "/api/webhooks/stripe": 256 * KB,
  // A bounce can carry the returned message's dump (Postmark's Content field).
  "/api/webhooks/email/postmark": 256 * KB,
  "/api/webhooks/email/ses": 256 * KB,
  // An e-mail address, a region and a few answers.
  "/api/waitlist": 8 * KB,
  // The form field List-Unsubscribe=One-Click (RFC 8058).
  "/api/unsubscribe": 1 * KB,
};

/**
 * Routes that take another size by pattern, only from a signed-in member: anyone else's post
 * there is refused at the default size, and a smaller one is read before the page sends them to
 * sign in, so a stranger never gets a connection cut under a post it was still sending.
 */
export const PATTERN_BODY_LIMITS: [RegExp, number][] = [
  // Asking a coach (/coach) and replying in a thread (/coach/{id}), with photos (ADR 070).
  [/^\/coach(\/[0-9a-f-]{36})?(\.data)?$/, COACH_PHOTOS_LIMIT],
];

/**
 * Routes that take another size, by pattern, and only from an admin: anyone else's post there is
 * refused at the default size (the page would refuse them anyway, without reading the body).
 */
export const ADMIN_BODY_LIMITS: [RegExp, number][] = [
  // A new product with its pictures, or pictures added to one (the page's own post, and the same
  // post made by the router's fetch to {path}.data).
  [/^\/admin\/products\/[^/]+(\.data)?$/, PICTURES_LIMIT],
];

const inWords = (size: number) =>
  size >= MB ? `${Math.round(size / MB)} MB` : `${Math.round(size / KB)} KB`;

const refuse = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      const message = `That is more than we take here (${inWords(maxSize)} at most). Please shorten it and try again.`;
      // The rest of the body is not wanted: the connection closes after this answer.
      c.header("Connection", "close");
      return c.req.path.startsWith("/api/")
        ? c.json({ error: message }, 413)
        : c.text(message, 413);
    },
  });

export function bodyLimits({
  isAdmin = async () => false,
  isMember = async () => false,
}: {
  /** Whether the request comes from a signed-in admin (ADMIN_BODY_LIMITS). */
  isAdmin?: (request: Request) => Promise<boolean>;
  /** Whether the request comes from a signed-in member (PATTERN_BODY_LIMITS). */
  isMember?: (request: Request) => Promise<boolean>;
} = {}): MiddlewareHandler {
  const byPath = new Map(Object.entries(BODY_LIMITS).map(([path, size]) => [path, refuse(size)]));
  const byPattern = PATTERN_BODY_LIMITS.map(([pattern, size]) => [pattern, refuse(size)] as const);
  const forAdmins = ADMIN_BODY_LIMITS.map(([pattern, size]) => [pattern, refuse(size)] as const);
  const fallback = refuse(DEFAULT_BODY_LIMIT);
  return async (c, next) => {
    // A GET or HEAD has no body here (the adapter gives it none). Asking hono's bodyLimit would
    // make the adapter build the full fetch Request, which registers with undici's
    // FinalizationRegistry: everything hanging off the request's abort signal (the render, its
    // page bytes) then outlives every young-generation collection until a full one (ADR 053).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const exact = byPath.get(c.req.path);
    if (exact) return exact(c, next);
    const patterned = byPattern.find(([pattern]) => pattern.test(c.req.path))?.[1];
    if (patterned && (await isMember(c.req.raw))) return patterned(c, next);
    const larger = forAdmins.find(([pattern]) => pattern.test(c.req.path))?.[1];
    if (larger && c.req.method === "POST" && (await isAdmin(c.req.raw))) return larger(c, next);
    return fallback(c, next);
  };
}
