// Changing the sign-in e-mail: a sensitive change (recent sign-in needed). The new address must
// be confirmed from a link sent to it; the answer doesn't say whether it already has an account.
import { MESSAGES, changeEmailSchema } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders } from "./accounts-auth.server.ts";
import { signedInRecently } from "./get-current-user.server.ts";
import { done, invalidForm, signInAgain, wrongField, type AccountsOutcome } from "./outcome.ts";
import type { FormCall } from "#app/lib/request-meta.ts";

export async function changeEmail({
  user,
  input,
  meta,
}: FormCall & { user: { email: string; signedInAt: string } }): Promise<AccountsOutcome> {
  if (!signedInRecently(user)) return signInAgain;
  const parsed = changeEmailSchema.safeParse(input);
  if (!parsed.success) return invalidForm(parsed.error);
  if (parsed.data.newEmail === user.email.toLowerCase()) {
    return wrongField("newEmail", "That's already your email address.");
  }
  try {
    await accountsAuth().api.changeEmail({
      body: { newEmail: parsed.data.newEmail, callbackURL: "/auth/callback?redirectTo=%2Fprofile" },
      headers: authHeaders(meta),
    });
    return done(MESSAGES.emailChangeSent);
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return {
      ok: false,
      code: "invalid",
      message: "We couldn't change your email. Please try again.",
    };
  }
}
