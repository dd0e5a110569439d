// 'Continue with Google / Apple': better-auth makes the provider's authorisation URL (state and
// PKCE kept server-side and in a signed cookie) and the provider returns to /api/auth/callback/…,
// which signs the person in and goes on to /auth/callback.
import { settings } from "#app/lib/env.server.ts";
import { MESSAGES, safeRedirect } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";

export type SocialProvider = "google" | "apple";

export function socialProviders(): SocialProvider[] {
  const s = settings();
  return [...(s.google ? (["google"] as const) : []), ...(s.apple ? (["apple"] as const) : [])];
}

export async function startSocialSignIn({
  provider,
  meta,
  redirectTo,
}: {
  provider: string;
  meta: RequestMeta;
  redirectTo?: string | null;
}): Promise<{ ok: true; url: string; cookies: string[] } | { ok: false; message: string }> {
  const failed = provider === "apple" ? MESSAGES.appleFailed : MESSAGES.googleFailed;
  if (!(socialProviders() as string[]).includes(provider)) return { ok: false, message: failed };
  const back = encodeURIComponent(safeRedirect(redirectTo));
  try {
    const { headers, response } = await accountsAuth().api.signInSocial({
      body: {
        provider,
        callbackURL: `/auth/callback?redirectTo=${back}`,
        errorCallbackURL: `/auth/callback?provider=${provider}`,
        disableRedirect: true,
      },
      headers: authHeaders(meta),
      returnHeaders: true,
    });
    if (!response.url) return { ok: false, message: failed };
    return { ok: true, url: response.url, cookies: setCookies(headers) };
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return { ok: false, message: failed };
  }
}
