// What an accounts use-case answers a page with: toasts to show, cookies to set, where to go next,
// or a message and per-field errors to show beside the form.
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

export interface AccountsFailure {
  ok: false;
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
  /** Password problems as a list of reasons (SPEC §5). */
  passwordProblems?: string[];
  retryAfter?: number;
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
    status: 429,
    message: limit.accountLocked
      ? accountLockedMessage(limit.retryAfter)
      : tooManyAttemptsMessage(limit.retryAfter),
    retryAfter: limit.retryAfter,
  };
}
