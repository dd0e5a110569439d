// What an accounts use-case answers a page with: toasts to show, cookies to set, where to go next,
// or a message and per-field errors to show beside the form.
import { fieldErrors, type Failure } from "#app/lib/outcome.ts";
import type { z } from "zod";
import type { FormCall } from "#app/lib/request-meta.ts";
import {
  MESSAGES,
  accountLockedMessage,
  safeRedirect,
  tooManyAttemptsMessage,
} from "./accounts.schema.ts";

export interface AccountsSuccess {
  ok: true;
  /** Shown in order; the last one is also carried through a redirect. */
  messages: string[];
  cookies: string[];
  redirectTo?: string;
  /** The password was right and the account has two-factor on: ask for the code next. */
  twoFactor?: boolean;
}

/** The shared failure (app/lib/outcome.ts: code, message, field errors, Retry-After) and more. */
export interface AccountsFailure extends Failure {
  /** Password problems as a list of reasons (SPEC §5). */
  passwordProblems?: string[];
  /** The change needs a recent sign-in: the page offers to sign in again. */
  reauth?: boolean;
}

export type AccountsOutcome = AccountsSuccess | AccountsFailure;

/** A limit said no: 429, with the real wait in words and as Retry-After. */
export function refusedByLimit(limit: {
  retryAfter: number;
  accountLocked?: boolean;
}): AccountsFailure {
  return {
    ok: false,
    code: "limited",
    message: limit.accountLocked
      ? accountLockedMessage(limit.retryAfter)
      : tooManyAttemptsMessage(limit.retryAfter),
    retryAfter: limit.retryAfter,
  };
}

/** A sign-in form, as the sign-in pages call a use-case: where to go after is checked here. */
export interface SignInCall extends FormCall {
  redirectTo?: string | null;
}

/**
 * A form that failed its schema: each field's own problem, and as the message `message` or else
 * the first problem.
 */
export function invalidForm(error: z.ZodError, message?: string): AccountsFailure {
  const errors = fieldErrors(error);
  return {
    ok: false,
    code: "invalid",
    message: message ?? Object.values(errors)[0] ?? "",
    fieldErrors: errors,
  };
}

/** One field's answer was wrong: `message` above the form, `fieldMessage` beside the field. */
export function wrongField(
  field: string,
  message: string,
  fieldMessage = message,
): AccountsFailure {
  return { ok: false, code: "invalid", message, fieldErrors: { [field]: fieldMessage } };
}

/** A sensitive change long after signing in: the page offers to sign in again. */
export const signInAgain: AccountsFailure = {
  ok: false,
  code: "forbidden",
  message: MESSAGES.reauthRequired,
  reauth: true,
};

/** Done: the toast to show, the cookies better-auth set, and where to go next if anywhere. */
export function done(
  message: string,
  cookies: string[] = [],
  redirectTo?: string,
): AccountsSuccess {
  return { ok: true, messages: [message], cookies, ...(redirectTo ? { redirectTo } : {}) };
}

/**
 * Where a sign-in lands: the page asked for (if it is ours); asked for nowhere in particular (or
 * the home page), an admin goes to /admin (issue 39) and everyone else home.
 */
export function landingAfterSignIn(redirectTo: string | null | undefined, admin = false): string {
  const asked = safeRedirect(redirectTo, "");
  if (asked && asked !== "/") return asked;
  return admin ? "/admin" : "/";
}

/** Signed in: on to the page asked for (if it is ours), with the session's cookies. */
export function signedIn(
  cookies: string[],
  redirectTo?: string | null,
  admin = false,
): AccountsSuccess {
  return done(MESSAGES.signedIn, cookies, landingAfterSignIn(redirectTo, admin));
}
