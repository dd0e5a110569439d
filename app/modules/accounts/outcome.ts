// What an accounts use-case answers a page with: toasts to show, cookies to set, where to go next,
// or a message and per-field errors to show beside the form.
import { fieldErrors, type Failure } from "#app/lib/outcome.ts";
import type { z } from "zod";
import { accountLockedMessage, tooManyAttemptsMessage } from "./accounts.schema.ts";

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

/** A form that failed its schema: the first problem as the message, and each field's own. */
export function invalidForm(error: z.ZodError): AccountsFailure {
  const errors = fieldErrors(error);
  return {
    ok: false,
    code: "invalid",
    message: Object.values(errors)[0] ?? "",
    fieldErrors: errors,
  };
}
