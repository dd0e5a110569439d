// Server rendering with the CSP nonce on every inline script React Router writes.
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { IslandsBuildContext } from "#app/islands/island.tsx";
import { islandsBuild } from "#app/islands/islands-build.server.ts";
import { log } from "#app/lib/log.server.ts";
import { NonceContext } from "#app/lib/nonce.ts";
import { requestInfo } from "#app/lib/request-context.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
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
  // buffer instead of a Node stream turned into a web stream and back, which cost about a fifth
  // of a page's CPU, and one block for the compression middleware to gzip off the main thread.
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Errors inside a boundary still give a page (status 500), and are logged here; a shell error
    // rejects, and React Router logs it through handleError, once.
    const boundaryErrors: unknown[] = [];
    let failed = false;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        for (const err of boundaryErrors) log.error({ err }, "render error");
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(Buffer.concat(chunks), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <IslandsBuildContext.Provider value={islandsBuild()}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandsBuildContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          if (!failed) pipe(sink);
        },
        onShellError(error: unknown) {
          failed = true;
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          boundaryErrors.push(error);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A 4xx answer (a POST to a page without an action, a 404 thrown by a loader) is the request's
  // fault, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn({ status: error.status, url: request.url }, "route refused the request");
    return;
  }
  log.error({ err: error, url: request.url }, "route error");
}
