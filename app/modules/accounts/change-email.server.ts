// Changing the sign-in e-mail: a sensitive change (recent sign-in needed). The new address must
// be confirmed from a link sent to it; the answer doesn't say whether it already has an account.
import { MESSAGES, changeEmailSchema, fieldErrors } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders } from "./accounts-auth.server.ts";
import { signedInRecently } from "./get-current-user.server.ts";
import type { AccountsOutcome } from "./outcome.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";

export async function changeEmail({
  user,
  input,
  meta,
}: {
  user: { email: string; signedInAt: string };
  input: unknown;
  meta: RequestMeta;
}): Promise<AccountsOutcome> {
  if (!signedInRecently(user)) {
    return { ok: false, code: "forbidden", message: MESSAGES.reauthRequired, reauth: true };
  }
  const parsed = changeEmailSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, code: "invalid", message: errors.newEmail ?? "", fieldErrors: errors };
  }
  if (parsed.data.newEmail === user.email.toLowerCase()) {
    const same = "That's already your email address.";
    return { ok: false, code: "invalid", message: same, fieldErrors: { newEmail: same } };
  }
  try {
    await accountsAuth().api.changeEmail({
      body: { newEmail: parsed.data.newEmail, callbackURL: "/auth/callback?redirectTo=%2Fprofile" },
      headers: authHeaders(meta.request, meta.clientIp),
    });
    return { ok: true, messages: [MESSAGES.emailChangeSent], cookies: [] };
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return {
      ok: false,
      code: "invalid",
      message: "We couldn't change your email. Please try again.",
    };
  }
}
