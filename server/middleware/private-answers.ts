// The one place that keeps personal answers out of shared and browser caches. Pages about a
// person (account, address, checkout, orders, admin, sign-in) always go out `private, no-store`;
// any other answer that doesn't choose its own Cache-Control does too, so a page added later is
// private until it says otherwise. The public pages (app/lib/public-pages.ts), which the page
// cache may send to anyone, and static files keep their own rules.
import type { MiddlewareHandler } from "hono";
import { isPublicPage } from "#app/lib/public-pages.ts";

export const PRIVATE = "private, no-store";

/** Always private, whatever the route says (React Router's `.data` requests included). */
const PERSONAL = /^\/(profile|address|checkout|post-checkout|login|signup|auth|admin|_dev)([/.]|$)/;

export function privateAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const path = c.req.path;
    if (PERSONAL.test(path)) {
      setCacheControl(c.res, PRIVATE);
      return;
    }
    if (path.startsWith("/assets/") || isPublicPage(path)) return;
    if (!c.res.headers.has("Cache-Control")) setCacheControl(c.res, PRIVATE);
  };
}

function setCacheControl(res: Response, value: string): void {
  try {
    res.headers.set("Cache-Control", value);
  } catch {
    // A Response with immutable headers (fetched elsewhere) keeps its own.
  }
}
