// Setting a new password from the reset link (single use, one hour). Every session of the account
// is signed out, since a reset usually means the old password is known to someone else.
import { MESSAGES, fieldErrors, resetPasswordSchema } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode } from "./accounts-auth.server.ts";
import { done, type AccountsOutcome } from "./outcome.ts";
import { refusePassword } from "./password-policy.server.ts";

export async function resetPassword(input: unknown): Promise<AccountsOutcome> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (errors.token) return { ok: false, code: "invalid", message: MESSAGES.resetLinkInvalid };
    return {
      ok: false,
      code: "invalid",
      message: errors.password ?? MESSAGES.resetLinkInvalid,
      fieldErrors: errors,
    };
  }
  const weak = refusePassword(parsed.data.password, { field: "password" });
  if (weak) return weak;
  try {
    await accountsAuth().api.resetPassword({
      body: { newPassword: parsed.data.password, token: parsed.data.token },
    });
    return done(MESSAGES.passwordReset, [], "/login");
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return { ok: false, code: "invalid", message: MESSAGES.resetLinkInvalid };
  }
}
