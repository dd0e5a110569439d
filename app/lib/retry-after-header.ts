// React Router sends a route's own headers (beyond Set-Cookie) only when the route exports
// `headers`, so a form post refused by a limit lost its Retry-After: the person's browser, and any
// script behind it, couldn't tell when to try again. Every route whose action or loader can answer
// 429 or 503 exports this as its `headers`.
import type { HeadersFunction } from "react-router";

export const retryAfterHeader: HeadersFunction = ({
  errorHeaders,
  actionHeaders,
  loaderHeaders,
}) => {
  const headers = new Headers();
  const value = [errorHeaders, actionHeaders, loaderHeaders]
    .map((source) => source?.get("Retry-After"))
    .find(Boolean);
  if (value) headers.set("Retry-After", value);
  return headers;
};
