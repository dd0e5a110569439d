// Creating an account with e-mail and password (SPEC §8), also for 'Convert from Waitlist'. The
// answer is the same whether or not the address already has an account, except when the person
// also knows its password: then we say 'Account already exists, trying to sign you in...' and sign
// them in. Every answer that depends on the address (the waitlist's 'Email not found', the account)
// comes after the per-IP limit, so addresses can't be tried at speed.
import { withPasswordSlot } from "./password-work.server.ts";
import { MESSAGES, fieldErrors, safeRedirect, signUpSchema } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders } from "./accounts-auth.server.ts";
import { findUserByEmail, findWaitlistContact } from "./find-user-by-email.server.ts";
import { carryUserData } from "./update-profile.server.ts";
import { refusedByLimit, type AccountsOutcome } from "./outcome.ts";
import { passwordProblems, refusePassword } from "./password-policy.server.ts";
import { limitSignUp } from "./rate-limits.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";
import { signIn } from "./sign-in.server.ts";
import { markSignUpBrowser } from "./sign-up-browser.server.ts";

export interface SignUpOptions {
  /** The message for a new account (conversion from the waitlist has its own). */
  createdMessage?: string;
  failedMessage?: string;
  redirectTo?: string | null;
  /** 'Convert from Waitlist' (SPEC §5): only an address on the waitlist may. */
  waitlistOnly?: boolean;
}

/**
 * Where the confirmation link lands once it has signed the person in: /auth/callback, carrying the
 * page they signed up from (a plan, a gift code, a claim: issue 39), which it then sends them to.
 */
export function confirmedCallback({ redirectTo }: { redirectTo?: string | null }): string {
  const back = safeRedirect(redirectTo, "");
  return back && back !== "/"
    ? `/auth/callback?redirectTo=${encodeURIComponent(back)}`
    : "/auth/callback";
}

export async function signUp({
  input,
  meta,
  ...options
}: { input: unknown; meta: RequestMeta } & SignUpOptions): Promise<AccountsOutcome> {
  const failed = options.failedMessage ?? MESSAGES.createFailed;
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return {
      ok: false,
      code: "invalid",
      message: failed,
      fieldErrors: errors,
      passwordProblems: errors.password
        ? passwordProblems(String((input as { password?: unknown })?.password ?? ""))
        : undefined,
    };
  }
  const { email, password, fullName } = parsed.data;
  const weak = refusePassword(password, { field: "password", email, message: failed });
  if (weak) return weak;
  const limit = await limitSignUp(meta.clientIp);
  if (!limit.allowed) return refusedByLimit(limit);
  if (options.waitlistOnly && !(await findWaitlistContact(email))) {
    return { ok: false, code: "not-found", message: MESSAGES.notInWaitlist };
  }
  const existing = await findUserByEmail(email);
  try {
    // For an existing address better-auth answers as if it had created one and e-mails the owner.
    await withPasswordSlot(() =>
      accountsAuth().api.signUpEmail({
        body: { email, password, name: fullName ?? "", callbackURL: confirmedCallback(options) },
        headers: authHeaders(meta),
      }),
    );
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return { ok: false, code: "invalid", message: failed };
  }
  const created = existing ? undefined : await findUserByEmail(email);
  if (created) await carryUserData(created.id, (input as { userData?: unknown })?.userData);
  if (existing?.emailVerified) {
    const attempt = await signIn({
      input: { email, password },
      meta,
      redirectTo: options.redirectTo,
    });
    if (attempt.ok) {
      return { ...attempt, messages: [MESSAGES.accountExists, ...attempt.messages] };
    }
  }
  return {
    ok: true,
    messages: [options.createdMessage ?? MESSAGES.accountCreated],
    // This browser chose the new account's password (a decoy mark otherwise, so the answer is
    // the same): its confirmation link may sign in here with it (ADR 020).
    cookies: [await markSignUpBrowser(meta.request, created?.id ?? null)],
  };
}
