// Changing the password from the profile's security section: only soon after signing in
// (signedInRecently), the new one checked by the password policy, every other session signed out.
import type { FormCall } from "#app/lib/request-meta.ts";
import { MESSAGES, changePasswordSchema } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { signedInRecently } from "./get-current-user.server.ts";
import { done, invalidForm, signInAgain, wrongField, type AccountsOutcome } from "./outcome.ts";
import { refusePassword } from "./password-policy.server.ts";

export async function changePassword({
  input,
  meta,
  user,
}: FormCall & { user: { signedInAt: string } }): Promise<AccountsOutcome> {
  if (!signedInRecently(user)) return signInAgain;
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) return invalidForm(parsed.error);
  const weak = refusePassword(parsed.data.newPassword, { field: "newPassword" });
  if (weak) return weak;
  try {
    const { headers } = await accountsAuth().api.changePassword({
      body: { ...parsed.data, revokeOtherSessions: true },
      headers: authHeaders(meta),
      returnHeaders: true,
    });
    return done(MESSAGES.passwordChanged, setCookies(headers));
  } catch (error) {
    const code = authErrorCode(error);
    if (code === undefined) throw error;
    if (code === "INVALID_PASSWORD") {
      return wrongField("currentPassword", MESSAGES.wrongCurrentPassword);
    }
    return {
      ok: false,
      code: "invalid",
      message: "We couldn't change your password. Please try again.",
    };
  }
}
