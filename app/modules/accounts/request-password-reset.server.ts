// 'Forgot password': always the same answer, whether or not the address has an account; at most
// 3 e-mails an hour per address and 10 per connection (extra requests are answered the same and
// send nothing).
import { MESSAGES, forgotPasswordSchema } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders } from "./accounts-auth.server.ts";
import { done, invalidForm, type AccountsOutcome } from "./outcome.ts";
import { limitPasswordReset } from "./rate-limits.server.ts";
import type { FormCall, RequestMeta } from "#app/lib/request-meta.ts";

export const RESET_RETURN_PATH = "/auth?mode=reset-password";

export async function requestPasswordReset({ input, meta }: FormCall): Promise<AccountsOutcome> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return invalidForm(parsed.error, MESSAGES.resetFailed);
  try {
    await sendPasswordResetLink({ email: parsed.data.email, meta });
    return done(MESSAGES.resetSent);
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return { ok: false, code: "unavailable", message: MESSAGES.resetFailed };
  }
}

/** The e-mail with a reset link, if the address has an account and is under its limit. */
export async function sendPasswordResetLink({
  email,
  meta,
}: {
  email: string;
  meta?: RequestMeta;
}): Promise<void> {
  const limit = await limitPasswordReset(email, meta?.clientIp);
  if (!limit.allowed) return;
  await accountsAuth().api.requestPasswordReset({
    body: { email, redirectTo: RESET_RETURN_PATH },
    headers: meta ? authHeaders(meta) : new Headers(),
  });
}
