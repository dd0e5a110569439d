// Re-checking the signed-in person's password before something sensitive (downloading their data),
// without starting a new session.
import { accountsAuth, authErrorCode, authHeaders } from "./accounts-auth.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";

export async function confirmPassword({
  meta,
  password,
}: {
  meta: RequestMeta;
  password: unknown;
}): Promise<boolean> {
  if (typeof password !== "string" || password.length === 0 || password.length > 256) return false;
  try {
    await accountsAuth().api.verifyPassword({
      body: { password },
      headers: authHeaders(meta),
    });
    return true;
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return false;
  }
}
