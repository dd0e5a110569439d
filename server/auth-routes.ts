// /api/auth/*: better-auth's handler, but only for the links a browser follows from an e-mail or a
// social sign-in (all GET). Sign-in, sign-up and the rest go through our pages' actions, where the
// shared rate limits and the password rules apply, so better-auth's JSON endpoints stay closed.
import { Hono } from "hono";
import { accountsAuth } from "#app/modules/accounts/accounts-auth.server.ts";

type Env = { Variables: { clientIp: string } };

/** Apple's cross-site form POST back to us (exempt from the Origin check in server/app.ts). */
export const APPLE_CALLBACK = "/api/auth/callback/apple";

/**
 * Apple posts a code, a state, an id_token and a little JSON: a few KB. better-auth answers with a
 * redirect carrying those fields in its query string, so a bigger body would come back as a
 * Location header too long for browsers and HTTP clients to read.
 */
const APPLE_CALLBACK_MAX_BYTES = 8 * 1024;

const OPEN = [
  /^\/api\/auth\/verify-email$/,
  /^\/api\/auth\/reset-password\/[^/]+$/,
  /^\/api\/auth\/callback\/[a-z0-9-]+$/,
  /^\/api\/auth\/(ok|error)$/,
];

export function authRoutes() {
  const routes = new Hono<Env>();
  routes.get("/*", async (c) => {
    if (!OPEN.some((pattern) => pattern.test(c.req.path)))
      return c.json({ error: "Not found" }, 404);
    const headers = new Headers(c.req.raw.headers);
    // better-auth reads the client address from this header; what the client sent is replaced.
    headers.set("x-patch-client-ip", c.get("clientIp"));
    return accountsAuth().handler(new Request(c.req.raw.url, { method: "GET", headers }));
  });
  // Sign in with Apple answers with a cross-site form POST (response_mode=form_post); its state
  // check is better-auth's, and server/app.ts exempts this one path from the Origin check.
  routes.post("/callback/apple", async (c) => {
    const body = await c.req.arrayBuffer();
    if (body.byteLength > APPLE_CALLBACK_MAX_BYTES)
      return c.json({ error: "This sign-in answer is too large to be Apple's." }, 413);
    const headers = new Headers(c.req.raw.headers);
    headers.set("x-patch-client-ip", c.get("clientIp"));
    return accountsAuth().handler(new Request(c.req.raw.url, { method: "POST", headers, body }));
  });
  routes.all("/*", (c) => c.json({ error: "Not found" }, 404));
  return routes;
}
