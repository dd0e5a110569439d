// How a route answers a form post with a use-case's outcome (issue 18, part 3): a success with
// somewhere to go redirects there, its message riding along as a toast; anything else is the
// page's own data with the outcome's cookies and Retry-After. A form a person got wrong is a page
// with its messages (200); only a limit (429) or an outage (503) answers with an error status,
// so the browser shows our page and keeps what was typed.
import { data, redirect } from "react-router";
import { combineHeaders, outcomeHeaders, type FailureCode } from "./outcome.ts";
import { redirectWithToast } from "./toast.server.ts";

export interface Answerable {
  ok: boolean;
  code?: FailureCode;
  message?: string;
  cookies?: readonly string[];
  retryAfter?: number;
}

/** The status of a form page answering this outcome. */
export function formStatusOf(outcome: Answerable): number {
  if (outcome.ok) return 200;
  return outcome.code === "limited" ? 429 : outcome.code === "unavailable" ? 503 : 200;
}

export async function respond<D>(
  request: Request,
  outcome: Answerable,
  body: D,
  options: { redirectTo?: string; headers?: HeadersInit; status?: number } = {},
) {
  const headers = combineHeaders(outcomeHeaders(outcome), options.headers);
  if (outcome.ok && options.redirectTo) {
    if (!outcome.message) throw redirect(options.redirectTo, { headers });
    throw await redirectWithToast(
      request,
      options.redirectTo,
      { type: "success", message: outcome.message },
      { headers },
    );
  }
  return data(body, { status: options.status ?? formStatusOf(outcome), headers });
}
