// Each request's id, named in its log line and its answer's X-Request-Id. A client's own
// X-Request-Id is taken only from a proxy we trust (TRUST_PROXY_HOPS), which sets it for its own logs,
// and only in a plain shape; otherwise anyone could choose the id our logs file their request
// under, or write into the log line through it.
import type { MiddlewareHandler } from "hono";

export const REQUEST_ID_SHAPE = /^[A-Za-z0-9._-]{1,64}$/;

export function requestId(trustProxy: boolean): MiddlewareHandler<{
  Variables: { requestId: string };
}> {
  return async (c, next) => {
    const given = trustProxy ? c.req.header("x-request-id") : undefined;
    const id = given && REQUEST_ID_SHAPE.test(given) ? given : crypto.randomUUID();
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
  };
}
