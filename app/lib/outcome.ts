// What a use-case answers with, and how a route turns that into a response (issue 18, part 3).
// One failure shape for every module: a code (its HTTP status comes from one table), a message a
// person understands, the first problem per form field, the wait when a limit said no, cookies to
// set. Routes answer through `respond()`, `outcomeHeaders()` and `combineHeaders()` instead of
// each writing its own Set-Cookie loop and status rule. After Documenso's `errors/app-error.ts`
// and Epic Stack's `combineHeaders`.
import type { z } from "zod";

/** Why a use-case said no. Each code has one HTTP status (`STATUS_OF`). */
export type FailureCode =
  | "invalid"
  | "unauthorized"
  /** A payment the card's bank or the provider refused. */
  | "declined"
  | "forbidden"
  | "not-found"
  | "conflict"
  /** Too late: a hold or a link that timed out, and can't be used now. */
  | "expired"
  | "limited"
  | "unavailable";

export const STATUS_OF: Record<FailureCode, number> = {
  invalid: 400,
  unauthorized: 401,
  declined: 402,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  expired: 410,
  limited: 429,
  unavailable: 503,
};

export interface Failure {
  ok: false;
  code: FailureCode;
  message: string;
  /** The first problem per form field, keyed by the form's field names. */
  fieldErrors?: Record<string, string>;
  /** Seconds until a limit lets the request through (sent as Retry-After). */
  retryAfter?: number;
  cookies?: string[];
}

export interface Success {
  ok: true;
  /** Shown to the person; the last one is carried through a redirect as a toast. */
  message?: string;
  cookies?: string[];
}

/** A use-case's answer: success with its own fields, or a `Failure` (with any extra fields). */
export type Outcome<T extends object = object, F extends object = object> =
  (Success & T) | (Failure & F);

/** A failure; its type keeps the literal code, so an outcome's failures can be told apart by it. */
export function failure<F extends object = object, C extends FailureCode = FailureCode>(
  code: C,
  message: string,
  extra?: Partial<Omit<Failure, "ok" | "code" | "message">> & F,
): Failure & { code: C } & F {
  return { ok: false, code, message, ...extra } as Failure & { code: C } & F;
}

/** The HTTP status a failure is answered with. */
export function statusOf(outcome: { ok: boolean; code?: FailureCode }): number {
  return outcome.ok || !outcome.code ? 200 : STATUS_OF[outcome.code];
}

/**
 * The first message per field of a failed parse, keyed by `keyOf(path)` (by default the path's
 * first part, "form" for the whole object). A key of `undefined` leaves the issue out.
 */
export function fieldErrors<K extends string = string>(
  error: z.ZodError,
  keyOf: (path: readonly PropertyKey[]) => K | undefined = (path) => String(path[0] ?? "form") as K,
): Record<string, string> & Partial<Record<K, string>> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = keyOf(issue.path);
    if (key !== undefined) out[key] ??= issue.message;
  }
  return out as Record<string, string> & Partial<Record<K, string>>;
}

/** Merges headers; Set-Cookie lines are all kept, other names: the last one wins. */
export function combineHeaders(...inits: (HeadersInit | null | undefined)[]): Headers {
  const out = new Headers();
  for (const init of inits) {
    if (!init) continue;
    const headers = new Headers(init);
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    headers.forEach((value, name) => {
      if (name !== "set-cookie") out.set(name, value);
    });
  }
  return out;
}

/** The headers an outcome carries: its cookies, and Retry-After when a limit said no. */
export function outcomeHeaders(outcome: {
  cookies?: readonly string[];
  retryAfter?: number;
}): Headers {
  const headers = new Headers();
  for (const cookie of outcome.cookies ?? []) headers.append("Set-Cookie", cookie);
  if (outcome.retryAfter) headers.set("Retry-After", String(Math.ceil(outcome.retryAfter)));
  return headers;
}

/** Cookies to set, as headers (a better-auth answer's, a sign-in's). */
export function cookieHeaders(cookies: readonly string[]): Headers {
  return outcomeHeaders({ cookies });
}
