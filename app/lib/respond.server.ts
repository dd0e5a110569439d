// How a route answers a form post with a use-case's outcome (issue 18, part 3): a success with
// somewhere to go redirects there, its message riding along as a toast; anything else is the
// page's own data with the outcome's cookies and Retry-After. A form a person got wrong is our page
// with its messages, under the failure's own status (400 invalid, 401 a wrong password, 409 a
// conflict, 429 a limit, 503 an outage: ADR 027): the browser still shows our page and keeps what
// was typed, and a client or a log can tell a refusal from a success.
import { data, redirect } from "react-router";
import { combineHeaders, outcomeHeaders, STATUS_OF, type FailureCode } from "./outcome.ts";
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
  return outcome.code ? STATUS_OF[outcome.code] : 400;
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
