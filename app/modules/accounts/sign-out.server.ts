// Signing out of this device (SPEC §8 'Signed out successfully' / 'Failed to sign out').
import { accountsAuth, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import type { AccountsOutcome } from "./outcome.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";

export async function signOut(meta: RequestMeta): Promise<AccountsOutcome> {
  try {
    const { headers } = await accountsAuth().api.signOut({
      headers: authHeaders(meta),
      returnHeaders: true,
    });
    return { ok: true, messages: [MESSAGES.signedOut], cookies: setCookies(headers) };
  } catch {
    return { ok: false, code: "unavailable", message: MESSAGES.signOutFailed };
  }
}
