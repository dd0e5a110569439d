// The profile's security section: the signed-in devices, signing out one, all others, or all
// (SPEC §7 logout scopes local / others / global), and changing the password.
import { MESSAGES, changePasswordSchema, fieldErrors } from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import type { AccountsOutcome } from "./outcome.ts";
import { passwordProblems } from "./password-policy.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";
import { signedInRecently } from "./get-current-user.server.ts";

export interface DeviceSession {
  id: string;
  current: boolean;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
}

export async function listDeviceSessions(
  meta: RequestMeta,
  currentSessionId: string,
): Promise<DeviceSession[]> {
  const list = await accountsAuth().api.listSessions({
    headers: authHeaders(meta.request, meta.clientIp),
  });
  return list
    .map((s) => ({
      id: s.id,
      current: s.id === currentSessionId,
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      createdAt: new Date(s.createdAt).toISOString(),
      lastActiveAt: new Date(s.updatedAt).toISOString(),
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt),
    );
}

export async function revokeDeviceSession(
  meta: RequestMeta,
  sessionId: string,
): Promise<AccountsOutcome> {
  const auth = accountsAuth();
  const headers = authHeaders(meta.request, meta.clientIp);
  // Tokens never leave the server: the page names a session by its id.
  const list = await auth.api.listSessions({ headers });
  const target = list.find((s) => s.id === sessionId);
  if (!target) return { ok: false, status: 404, message: "That device is already signed out." };
  await auth.api.revokeSession({ body: { token: target.token }, headers });
  return { ok: true, messages: [MESSAGES.sessionRevoked], cookies: [] };
}

export async function revokeOtherDeviceSessions(meta: RequestMeta): Promise<AccountsOutcome> {
  await accountsAuth().api.revokeOtherSessions({
    headers: authHeaders(meta.request, meta.clientIp),
  });
  return { ok: true, messages: [MESSAGES.sessionsRevoked], cookies: [] };
}

export async function signOutEverywhere(meta: RequestMeta): Promise<AccountsOutcome> {
  const auth = accountsAuth();
  const headers = authHeaders(meta.request, meta.clientIp);
  try {
    await auth.api.revokeSessions({ headers });
    const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
    return { ok: true, messages: [MESSAGES.signedOut], cookies: setCookies(out) };
  } catch {
    return { ok: false, status: 500, message: MESSAGES.signOutFailed };
  }
}

export async function changePassword(
  input: unknown,
  meta: RequestMeta,
  user: { signedInAt: string },
): Promise<AccountsOutcome> {
  if (!signedInRecently(user)) {
    return { ok: false, status: 403, message: MESSAGES.reauthRequired, reauth: true };
  }
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, status: 400, message: Object.values(errors)[0] ?? "", fieldErrors: errors };
  }
  const problems = passwordProblems(parsed.data.newPassword);
  if (problems.length > 0) {
    return {
      ok: false,
      status: 400,
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
        status: 400,
        message: MESSAGES.wrongCurrentPassword,
        fieldErrors: { currentPassword: MESSAGES.wrongCurrentPassword },
      };
    }
    return {
      ok: false,
      status: 400,
      message: "We couldn't change your password. Please try again.",
    };
  }
}
