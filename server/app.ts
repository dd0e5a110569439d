// The HTTP application: Hono around React Router, mounted in the order ARCHITECTURE.md decides:
// request id + logging → body limits → private answers → (public-page cache) → security headers
// → compression → static → /api/auth → /api → React Router.
import { timingSafeEqual } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { NONCE, secureHeaders } from "hono/secure-headers";
import {
  createRequestHandler,
  matchRoutes,
  RouterContextProvider,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { resolveClientIp } from "#app/lib/client-ip.server.ts";
import { withRequestMemo } from "#app/lib/request-memo.server.ts";
import { isDatabaseUnavailable } from "#app/lib/db.server.ts";
import { isDraining } from "#app/lib/draining.server.ts";
import { reportError } from "#app/lib/error-reporting.server.ts";
import { isSharedPageRequest } from "#app/lib/public-pages.ts";
import type { Settings } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { collectMetrics, METRICS_CONTENT_TYPE, observeRequest } from "#app/lib/metrics.server.ts";
import { databaseOutage, requestInfo } from "#app/lib/request-context.ts";
import { adminOrStatus } from "#app/modules/accounts/require-user.server.ts";
import { apiRoutes } from "./api.ts";
import { APPLE_CALLBACK, authRoutes } from "./auth-routes.ts";
import { bodyLimits } from "#server/middleware/body-limits.ts";
import { compression } from "#server/middleware/compress-pages.ts";
import { originCheck } from "#server/middleware/origin-check.ts";
import { privateAnswers } from "#server/middleware/private-answers.ts";
import { requestId } from "#server/middleware/request-id.ts";
import { pageCache } from "./page-cache.ts";
import { OUTAGE_RETRY_AFTER_S, unavailablePage } from "./unavailable-page.ts";

export interface AppOptions {
  settings: Settings;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets. */
  clientDir?: string;
}

/** Paths our own pages may show in a frame (everything else: frame-ancestors 'none'). */
const FRAMED_BY_OWN_PAGES = new Set(["/admin/tips/preview"]);

const HEALTH_PATH = "/api/health";
const METRICS_PATH = "/metrics";

type Env = {
  Variables: {
    requestId: string;
    secureHeadersNonce?: string;
    clientIp: string;
  };
};

export function createApp({ settings, build, clientDir = "./build/client" }: AppOptions) {
  const app = new Hono<Env>();
  // The public files are fixed once built, so they are listed once instead of stat'ed per request.
  const publicFiles = listFiles(clientDir);
  const routeOf = routeLabeller(build, publicFiles);

  // 1. Request id and structured request logs.
  app.use(requestId(settings.trustProxyHops > 0));
  app.use(async (c, next) => {
    const started = performance.now();
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      socketAddress = undefined;
    }
    c.set(
      "clientIp",
      resolveClientIp(socketAddress, c.req.header("x-forwarded-for"), settings.trustProxyHops),
    );
    await next();
    if (isDraining()) {
      try {
        c.res.headers.set("connection", "close");
      } catch {
        // an answer with immutable headers keeps them; server.close() still ends its connection
      }
    }
    // Every answer names its request id, as the log line does: React Router's answers and kept
    // pages are Responses made elsewhere, without the header the request-id middleware prepared.
    // (A served asset goes without: it is never logged, and the id would cost each script request.)
    const servedAsset = c.req.path.startsWith("/assets/") && c.res.ok;
    if (!c.res.headers.has("x-request-id") && !servedAsset) {
      try {
        c.res.headers.set("x-request-id", c.get("requestId"));
      } catch {
        // an answer with immutable headers keeps them as they are
      }
    }
    const elapsed = performance.now() - started;
    observeRequest(c.req.method, routeOf(c), c.res.status, elapsed / 1000);
    const ms = Math.round(elapsed * 10) / 10;
    const line = {
      reqId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms,
    };
    // A request the client gave up on (a page closed mid-post) fails for want of a reader, not
    // through a fault of ours: a warning, so an error in the log still means something broke.
    if (c.res.status >= 500 && c.req.raw.signal.aborted) log.warn(line, "request abandoned");
    else if (c.res.status >= 500) log.error(line, "request failed");
    // Hashed assets and passing health probes (a load balancer asks every few seconds) aren't logged.
    else if (
      !c.req.path.startsWith("/assets/") &&
      !((c.req.path.startsWith(HEALTH_PATH) || c.req.path === METRICS_PATH) && c.res.ok)
    )
      log.info(line, "request");
  });

  // Prometheus' scrape (app/lib/metrics.server.ts), behind METRICS_TOKEN as a bearer token: not
  // there at all without one, refused with a wrong one.
  app.get(METRICS_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    if (!settings.metricsToken) return c.json({ error: "Not found" }, 404);
    if (!bearerMatches(c.req.header("authorization"), settings.metricsToken)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ error: "This needs the metrics token (Authorization: Bearer …)." }, 401);
    }
    c.header("Content-Type", METRICS_CONTENT_TYPE);
    return c.body(await collectMetrics());
  });

  // A body larger than its route takes is refused before it is read (server/middleware/body-limits.ts).
  // Only an admin may send a product's pictures (up to 20 MB).
  app.use(
    bodyLimits({
      isAdmin: async (request) => (await adminOrStatus(request)).status === undefined,
      isMember: async (request) => (await adminOrStatus(request)).status !== 401,
    }),
  );

  // Personal answers are never kept by a browser or a shared cache.
  app.use(privateAnswers());

  // Our own admin page frames the e-mail preview (sandboxed): only that path may be framed, and
  // only by our pages. Registered before the security headers so it adjusts what they set.
  app.use(async (c, next) => {
    await next();
    if (!FRAMED_BY_OWN_PAGES.has(c.req.path)) return;
    c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
    const csp = c.res.headers.get("Content-Security-Policy");
    if (csp)
      c.res.headers.set(
        "Content-Security-Policy",
        csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
  });

  // Public pages a new visitor asks for again within seconds are sent as they were last sent
  // (server/page-cache.ts): outside the security headers and compression, which a kept page
  // already carries.
  app.use(pageCache());

  // 2. Security headers with a nonce-based CSP for React Router's inline scripts.
  const connectSrc = ["'self'"];
  const scriptSrc = ["'self'", NONCE];
  const frameSrc = ["'self'"];
  if (settings.stripe) {
    scriptSrc.push("https://js.stripe.com");
    connectSrc.push("https://api.stripe.com");
    frameSrc.push("https://js.stripe.com", "https://hooks.stripe.com");
  }
  const common = {
    strictTransportSecurity: settings.isProduction
      ? "max-age=63072000; includeSubDomains; preload"
      : false,
    xFrameOptions: "DENY" as const,
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: settings.stripe ? ["self", "https://js.stripe.com"] : ["self"],
    },
  } satisfies Parameters<typeof secureHeaders>[0];
  const pageHeaders = secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      mediaSrc: ["'self'"],
      fontSrc: ["'self'"],
      connectSrc,
      frameSrc,
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      ...(settings.isProduction ? { upgradeInsecureRequests: [] } : {}),
    },
  });
  // API answers (JSON, redirects, TwiML) and hashed assets run no scripts of ours: a fixed policy
  // that allows nothing, with no per-request nonce to make.
  const plainHeaders = secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  });
  // A hashed asset is a script or a style sheet, never a document: a policy, frame options or an
  // opener policy mean nothing on it (no worker runs from /assets/), and on HTTP/1.1 they would cost
  // ~500 bytes on each of a page's 20-30 script requests (issue 20). It says what a subresource
  // needs: no sniffing, and same-origin use only. A missing asset is answered as the API is.
  const assetHeaders: MiddlewareHandler = async (c, next) => {
    await next();
    if (!c.res.ok) return plainHeaders(c, async () => {});
    c.res.headers.delete("Last-Modified");
    c.res.headers.delete("X-Request-Id");
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Cross-Origin-Resource-Policy", "same-origin");
  };
  app.use((c, next) =>
    c.req.path.startsWith("/assets/")
      ? assetHeaders(c, next)
      : c.req.path.startsWith("/api/")
        ? plainHeaders(c, next)
        : pageHeaders(c, next),
  );

  // 3. Compression: pages gzipped whole off the main thread, static files streamed, API answers
  // left alone (server/middleware/compress-pages.ts).
  app.use(compression());

  // 4. Static files: hashed assets are immutable for a year, and sent as the Brotli or gzip copy
  // the build wrote beside each (scripts/precompress-assets.ts, ADR 058) when the browser takes
  // it; other public files for an hour.
  const cacheFor =
    (value: string): MiddlewareHandler =>
    async (c, next) => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has("Cache-Control")) {
        c.res.headers.set("Cache-Control", value);
      }
    };
  // API-only tests run without a client build: then there is nothing static to serve.
  if (existsSync(clientDir)) {
    app.use(
      "/assets/*",
      cacheFor("public, max-age=31536000, immutable"),
      serveStatic({ root: clientDir, precompressed: true }),
    );
    const servePublic = serveStatic({ root: clientDir });
    app.use("*", async (c, next) => {
      if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !publicFiles.has(c.req.path)) {
        return next();
      }
      const response = await servePublic(c, async () => {});
      if (!response) return next();
      response.headers.set("Cache-Control", "public, max-age=3600");
      return response;
    });
  }

  // State-changing requests must come from our own pages (webhooks are verified by signature).
  app.use(originCheck(settings.siteUrl, ["/api/webhooks/", APPLE_CALLBACK]));

  // 5. better-auth (its e-mail and social sign-in links), then 6. the other API routes.
  app.route("/api/auth", authRoutes());
  app.route("/api", apiRoutes());
  app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));

  // 7. React Router.
  if (build) {
    // A function is the development server's freshly loaded build; an object is the production one.
    const handler = createRequestHandler(
      typeof build === "function"
        ? async () => withSiteOrigin(await build(), settings.siteUrl)
        : withSiteOrigin(build, settings.siteUrl),
      typeof build === "function" ? "development" : "production",
    );
    app.all("*", async (c) => {
      const nonce = c.get("secureHeadersNonce") ?? "";
      const context = new RouterContextProvider();
      context.set(requestInfo, {
        nonce,
        requestId: c.get("requestId"),
        clientIp: c.get("clientIp"),
        sharedPage: isSharedPageRequest(c.req.raw),
      });
      const outage = { down: false };
      context.set(databaseOutage, outage);
      // A page's loaders share one read of what several of them ask for (request-memo.server.ts).
      const response = await (c.req.method === "GET" || c.req.method === "HEAD"
        ? withRequestMemo(() => handler(c.req.raw, context))
        : handler(c.req.raw, context));
      // A page that failed because the database is away (a member's page: public ones come from
      // the page cache) says so and when to come back, instead of the crash screen's 500.
      if (outage.down && response.status >= 500) {
        if (c.req.path.endsWith(".data")) {
          const answer = new Response(response.body, response);
          answer.headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_S));
          return answer;
        }
        return c.html(unavailablePage(settings.brandName), 503, {
          "Retry-After": String(OUTAGE_RETRY_AFTER_S),
          "Cache-Control": "no-store",
        });
      }
      return response;
    });
  }

  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      c.header("Retry-After", String(OUTAGE_RETRY_AFTER_S));
      return c.json(
        { error: "We're briefly unavailable. Please try again in a few seconds." },
        503,
      );
    }
    log.error({ err: error, reqId: c.get("requestId") }, "unhandled error");
    reportError(error, { requestId: c.get("requestId"), tags: { source: "api" } });
    return c.json({ error: "Something went wrong. Please try again." }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * React Router refuses an action whose Origin differs from the request's own URL. Behind a
 * TLS-terminating proxy the app is reached over http:// (often under an inner host) while the
 * browser names the public https:// origin, so every form would answer 400: SITE_URL's host is
 * the one other origin its actions take (ADR 062). The origin check before it (origin-check.ts)
 * still compares the whole origin, scheme included, so a foreign or downgraded page stays refused.
 */
function withSiteOrigin(build: ServerBuild, siteUrl: string): ServerBuild {
  const host = new URL(siteUrl).host;
  const allowed = build.allowedActionOrigins || [];
  return allowed.includes(host) ? build : { ...build, allowedActionOrigins: [...allowed, host] };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * A request's route for the metrics: the pattern that matched (`/profile/orders/:id`, never the
 * URL itself, so a scraper sees a bounded set of series): a React Router page's route path, an
 * API route's Hono path, "/assets/*", "static" for the public files, "unmatched" otherwise.
 */
export function routeLabeller(build: AppOptions["build"], publicFiles: Set<string>) {
  const pages = build && typeof build !== "function" ? routeTree(build) : undefined;
  const pagePatterns = new Map<string, string>();
  return (c: Context): string => {
    const path = c.req.path;
    if (path.startsWith("/assets/")) return "/assets/*";
    if (path === METRICS_PATH) return METRICS_PATH;
    if (path.startsWith("/api/")) {
      const route = matchedRoutes(c).find((r) => r.method !== "ALL");
      return route ? route.path : path.startsWith("/api/auth/") ? "/api/auth/*" : "unmatched";
    }
    if (publicFiles.has(path)) return "static";
    if (!pages) return "page";
    const matches = matchRoutes(pages, path);
    if (!matches) return "unmatched";
    const id = matches.at(-1)!.route.id!;
    let pattern = pagePatterns.get(id);
    if (!pattern) {
      const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
      pattern = ("/" + parts.join("/")).replace(/\/{2,}/g, "/");
      pagePatterns.set(id, pattern);
    }
    return pattern;
  };
}

/** React Router's route objects, nested, from a server build's flat list. */
function routeTree(build: ServerBuild): RouteObject[] {
  const objects = new Map<string, RouteObject>();
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  for (const r of routes)
    objects.set(r.id, {
      id: r.id,
      path: r.path,
      caseSensitive: r.caseSensitive,
      ...(r.index ? { index: true } : {}),
    } as RouteObject);
  const roots: RouteObject[] = [];
  for (const r of routes) {
    const node = objects.get(r.id)!;
    const parent = r.parentId ? objects.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  if (!existsSync(root)) return files;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.parentPath.includes(`${sep}.vite`)) continue;
    const full = join(entry.parentPath, entry.name);
    files.add("/" + relative(root, full).split(sep).join("/"));
  }
  return files;
}
