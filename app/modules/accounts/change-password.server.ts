// Changing the password from the profile's security section: only soon after signing in
// (signedInRecently), the new one checked by the password policy, every other session signed out.
import { invalidForm } from "#app/modules/accounts/outcome.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";
import { MESSAGES, changePasswordSchema } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { signedInRecently } from "./get-current-user.server.ts";
import type { AccountsOutcome } from "./outcome.ts";
import { passwordProblems } from "./password-policy.server.ts";

export async function changePassword({
  input,
  meta,
  user,
}: {
  input: unknown;
  meta: RequestMeta;
  user: { signedInAt: string };
}): Promise<AccountsOutcome> {
  if (!signedInRecently(user)) {
    return { ok: false, code: "forbidden", message: MESSAGES.reauthRequired, reauth: true };
  }
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) {
    return invalidForm(parsed.error);
  }
  const problems = passwordProblems(parsed.data.newPassword);
  if (problems.length > 0) {
    return {
      ok: false,
      code: "invalid",
      message: problems.join(" "),
      fieldErrors: { newPassword: problems.join(" ") },
      passwordProblems: problems,
    };
  }
  try {
    const { headers } = await accountsAuth().api.changePassword({
      body: { ...parsed.data, revokeOtherSessions: true },
      headers: authHeaders(meta.request, meta.clientIp),
      returnHeaders: true,
    });
    return { ok: true, messages: [MESSAGES.passwordChanged], cookies: setCookies(headers) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === undefined) throw error;
    if (code === "INVALID_PASSWORD") {
      return {
        ok: false,
        code: "invalid",
        message: MESSAGES.wrongCurrentPassword,
        fieldErrors: { currentPassword: MESSAGES.wrongCurrentPassword },
      };
    }
    return {
      ok: false,
      code: "invalid",
      message: "We couldn't change your password. Please try again.",
    };
  }
}
