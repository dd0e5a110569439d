// Sign-in with e-mail and password (SPEC §8 messages; the failure limits of rate-limits.server.ts).
import { MESSAGES, signInSchema } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { findUserByEmail, findWaitlistContact } from "./find-user-by-email.server.ts";
import {
  invalidForm,
  refusedByLimit,
  signedIn,
  type AccountsOutcome,
  type SignInCall,
} from "./outcome.ts";
import { withPasswordSlot } from "./password-work.server.ts";
import { twoFactorPendingCookie } from "./two-factor.server.ts";
import { limitSignIn, recordSignInFailure } from "./rate-limits.server.ts";
import { deviceCookieFor, trustedDevice } from "./device-cookie.server.ts";
import { isAdminUser, roleOf } from "./get-current-user.server.ts";

export async function signIn({ input, meta, redirectTo }: SignInCall): Promise<AccountsOutcome> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return invalidForm(parsed.error, MESSAGES.invalidCredentials);
  const { email, password } = parsed.data;
  const device = await trustedDevice(meta.request, (await findUserByEmail(email))?.id);
  const limit = await limitSignIn(meta.clientIp, email, "password", Date.now(), device);
  if (!limit.allowed) return refusedByLimit(limit);
  try {
    const { headers, response } = await withPasswordSlot(() =>
      accountsAuth().api.signInEmail({
        body: { email, password, rememberMe: true, callbackURL: "/auth/callback" },
        headers: authHeaders(meta),
        returnHeaders: true,
      }),
    );
    if ("twoFactorRedirect" in (response as object)) {
      // Only the short-lived two-factor cookies are set; the session comes with the code.
      return {
        ok: true,
        messages: [],
        cookies: [...setCookies(headers), await twoFactorPendingCookie(email)],
        twoFactor: true,
      };
    }
    const { user } = response as {
      user: { id: string; email: string; emailVerified: boolean; role?: string | null };
    };
    return signedIn(
      [...setCookies(headers), await deviceCookieFor(user.id, meta.request)],
      redirectTo,
      isAdminUser({ ...user, role: user.role ?? (await roleOf(user.id)) }),
    );
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "BANNED_USER") {
      return { ok: false, code: "forbidden", message: MESSAGES.accountSuspended };
    }
    if (code === "EMAIL_NOT_VERIFIED") {
      return { ok: false, code: "forbidden", message: MESSAGES.emailNotConfirmed };
    }
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "401") {
      await recordSignInFailure(meta.clientIp, email, "password", limit.device);
      return { ok: false, code: "unauthorized", message: await invalidMessage(email) };
    }
    if (code === undefined) throw error;
    return { ok: false, code: "invalid", message: MESSAGES.signInFailed };
  }
}

/** A waitlist member without an account is pointed to 'Convert from Waitlist' (SPEC §8). */
async function invalidMessage(email: string): Promise<string> {
  if (await findUserByEmail(email)) return MESSAGES.invalidCredentials;
  return (await findWaitlistContact(email))
    ? MESSAGES.waitlistMemberWithoutAccount
    : MESSAGES.invalidCredentials;
}
