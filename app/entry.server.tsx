// Server rendering with the CSP nonce on every inline script React Router writes.
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToReadableStream } from "react-dom/server";
import { isDatabaseUnavailable } from "#app/lib/db.server.ts";
import { reportError } from "#app/lib/error-reporting.server.ts";
import { log } from "#app/lib/log.server.ts";
import { NonceContext } from "#app/lib/nonce.ts";
import { databaseOutage, requestInfo } from "#app/lib/request-context.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfo);

  // No route streams deferred data, so the whole document is rendered before it is sent: one
  // buffer for the compression middleware to gzip off the main thread. React's web-stream
  // renderer, read to its end here, not its Node-stream one piped into a Writable: with the
  // latter every page's bytes and render state outlived the young-generation collections until
  // a full one (ADR 053), and a page of this size is read from the web stream in a few chunks.
  // Errors inside a boundary still give a page (status 500), and are logged here; a shell error
  // rejects, and React Router logs it through handleError, once.
  const boundaryErrors: unknown[] = [];
  const timeout = new AbortController();
  const timeoutId = setTimeout(
    () => timeout.abort(new Error("The page took too long to render.")),
    streamTimeout + 1000,
  );
  try {
    const stream = await renderToReadableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        signal: timeout.signal,
        onError(error: unknown) {
          responseStatusCode = 500;
          boundaryErrors.push(error);
        },
      },
    );
    await stream.allReady;
    const body = await readAll(stream);
    for (const err of boundaryErrors) log.error({ err }, "render error");
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  } finally {
    clearTimeout(timeoutId);
  }
}

/** A finished stream's bytes in one buffer. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  // The database down or restarting: the request is answered 503 with Retry-After (server/app.ts),
  // and it is an outage to watch, not a bug.
  if (isDatabaseUnavailable(error)) {
    const outage = context?.get(databaseOutage);
    if (outage) outage.down = true;
    log.warn({ url: request.url, code: (error as { code?: string }).code }, "database unavailable");
    return;
  }
  // A 4xx answer (a POST to a page without an action, a 404 thrown by a loader) is the request's
  // fault, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn({ status: error.status, url: request.url }, "route refused the request");
    return;
  }
  const requestId = context?.get(requestInfo).requestId || undefined;
  log.error({ err: error, url: request.url, reqId: requestId }, "route error");
  reportError(error, { requestId, tags: { source: "route" } });
}
