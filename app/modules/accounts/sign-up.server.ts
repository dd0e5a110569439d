// Creating an account with e-mail and password (SPEC §8). The answer is the same whether or not
// the address already has an account, except when the person also knows its password: then we say
// 'Account already exists, trying to sign you in...' and sign them in.
import { withPasswordSlot } from "./password-work.server.ts";
import { MESSAGES, fieldErrors, signUpSchema } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders } from "./accounts-auth.server.ts";
import { findUserByEmail } from "./find-user-by-email.server.ts";
import { carryUserData } from "./update-profile.server.ts";
import type { AccountsOutcome } from "./outcome.ts";
import { passwordProblems } from "./password-policy.server.ts";
import { limitSignUp } from "./rate-limits.server.ts";
import { signIn, type RequestMeta } from "./sign-in.server.ts";

export interface SignUpOptions {
  /** The message for a new account (conversion from the waitlist has its own). */
  createdMessage?: string;
  failedMessage?: string;
  redirectTo?: string | null;
}

export async function signUp(
  input: unknown,
  meta: RequestMeta,
  options: SignUpOptions = {},
): Promise<AccountsOutcome> {
  const failed = options.failedMessage ?? MESSAGES.createFailed;
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return {
      ok: false,
      status: 400,
      message: failed,
      fieldErrors: errors,
      passwordProblems: errors.password
        ? passwordProblems(String((input as { password?: unknown })?.password ?? ""))
        : undefined,
    };
  }
  const { email, password, fullName } = parsed.data;
  const problems = passwordProblems(password, { email });
  if (problems.length > 0) {
    return {
      ok: false,
      status: 400,
      message: failed,
      fieldErrors: { password: problems.join(" ") },
      passwordProblems: problems,
    };
  }
  const limit = await limitSignUp(meta.clientIp);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      message: MESSAGES.tooManyAttempts,
      retryAfter: limit.retryAfter,
    };
  }
  const existing = await findUserByEmail(email);
  try {
    // For an existing address better-auth answers as if it had created one and e-mails the owner.
    await withPasswordSlot(() =>
      accountsAuth().api.signUpEmail({
        body: { email, password, name: fullName ?? "", callbackURL: "/auth/callback" },
        headers: authHeaders(meta.request, meta.clientIp),
      }),
    );
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return { ok: false, status: 400, message: failed };
  }
  if (!existing) {
    const created = await findUserByEmail(email);
    if (created) await carryUserData(created.id, (input as { userData?: unknown })?.userData);
  }
  if (existing?.emailVerified) {
    const attempt = await signIn({ email, password }, meta, options.redirectTo);
    if (attempt.ok) {
      return { ...attempt, messages: [MESSAGES.accountExists, ...attempt.messages] };
    }
  }
  return { ok: true, messages: [options.createdMessage ?? MESSAGES.accountCreated], cookies: [] };
}
