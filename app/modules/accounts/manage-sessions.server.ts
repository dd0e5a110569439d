// The profile's security section: the signed-in devices, signing out one, all others, or all
// (SPEC §7 logout scopes local / others / global). Changing the password is change-password.server.ts.
import { MESSAGES } from "./accounts.schema.ts";
import { accountsAuth, authHeaders, setCookies } from "./accounts-auth.server.ts";
import type { AccountsOutcome } from "./outcome.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";

export interface DeviceSession {
  id: string;
  current: boolean;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
}

export async function listDeviceSessions({
  meta,
  currentSessionId,
}: {
  meta: RequestMeta;
  currentSessionId: string;
}): Promise<DeviceSession[]> {
  const list = await accountsAuth().api.listSessions({
    headers: authHeaders(meta),
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

export async function revokeDeviceSession({
  meta,
  sessionId,
}: {
  meta: RequestMeta;
  sessionId: string;
}): Promise<AccountsOutcome> {
  const auth = accountsAuth();
  const headers = authHeaders(meta);
  // Tokens never leave the server: the page names a session by its id.
  const list = await auth.api.listSessions({ headers });
  const target = list.find((s) => s.id === sessionId);
  if (!target)
    return { ok: false, code: "not-found", message: "That device is already signed out." };
  await auth.api.revokeSession({ body: { token: target.token }, headers });
  return { ok: true, messages: [MESSAGES.sessionRevoked], cookies: [] };
}

export async function revokeOtherDeviceSessions(meta: RequestMeta): Promise<AccountsOutcome> {
  await accountsAuth().api.revokeOtherSessions({
    headers: authHeaders(meta),
  });
  return { ok: true, messages: [MESSAGES.sessionsRevoked], cookies: [] };
}

export async function signOutEverywhere(meta: RequestMeta): Promise<AccountsOutcome> {
  const auth = accountsAuth();
  const headers = authHeaders(meta);
  try {
    await auth.api.revokeSessions({ headers });
    const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
    return { ok: true, messages: [MESSAGES.signedOut], cookies: setCookies(out) };
  } catch {
    return { ok: false, code: "unavailable", message: MESSAGES.signOutFailed };
  }
}
