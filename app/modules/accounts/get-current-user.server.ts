// Who is signed in, resolved on the server (no flash of signed-out pages): the user, the profile's
// display name, and whether they are an admin. Sessions end after 7 days without use and at the
// latest 30 days after sign-in, whatever the use.
import { eq } from "drizzle-orm";
import { profiles, users } from "#db/schema/index.ts";
import { FRESH_SESSION_SECONDS, SESSION_ABSOLUTE_SECONDS } from "#app/lib/auth.server.ts";
import { db } from "#app/lib/db.server.ts";
import { displayName } from "./accounts.schema.ts";
import { accountsAuth, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { rememberProfile } from "./get-profile.server.ts";
import { ADMIN_ROLE, isAdminAddress } from "./grant-admin-rights.server.ts";

export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  fullName: string | null;
  isAdmin: boolean;
  /** An admin address whose owner hasn't yet proved it with a fresh link (ADR 020). */
  awaitsAdminRights: boolean;
  sessionId: string;
  twoFactorEnabled: boolean;
  /** The proved number for signing in by text, if any. */
  phoneNumber: string | null;
  /** When this session began: sensitive changes need it within FRESH_SESSION_SECONDS. */
  signedInAt: string;
}

/** Sensitive changes (password, two-factor, deleting the account) need a recent sign-in. */
export function signedInRecently(user: { signedInAt: string }, now = Date.now()): boolean {
  return now - new Date(user.signedInAt).getTime() <= FRESH_SESSION_SECONDS * 1000;
}

/**
 * SPEC §6: an admin's VERIFIED e-mail exactly matches one of the three in settings, and (ADR 020)
 * its owner proved the mailbox while choosing the password, which granted the rights.
 */
export function isAdminUser(user: {
  email: string;
  emailVerified: boolean;
  role: string | null;
}): boolean {
  return user.emailVerified && isAdminAddress(user.email) && user.role === ADMIN_ROLE;
}

type Resolved = { user: CurrentUser | null; cookies: string[] };

// A page's loaders (the root's, the layout's, the page's) each ask who is signed in, for the same
// request: one session look-up answers them all. Only for reads: an action may sign in or out, or
// change the name, before a later question about the same request.
const resolvedFor = new WeakMap<Request, Promise<Resolved>>();

export function getCurrentUser(request: Request): Promise<Resolved> {
  // Stryker disable next-line all: a shortcut only; without the cookie better-auth finds no session either
  if (!request.headers.get("cookie")?.includes("patch.session_token"))
    return Promise.resolve({ user: null, cookies: [] });
  if (request.method !== "GET" && request.method !== "HEAD") return resolveCurrentUser(request);
  let resolved = resolvedFor.get(request);
  if (!resolved) {
    resolved = resolveCurrentUser(request);
    resolvedFor.set(request, resolved);
  }
  return resolved;
}

async function resolveCurrentUser(request: Request): Promise<Resolved> {
  const auth = accountsAuth();
  // Stryker disable next-line StringLiteral: reading a session never looks at the address
  const headers = authHeaders({ request, clientIp: "" });
  const { headers: answer, response } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const cookies = setCookies(answer);
  if (!response) return { user: null, cookies };
  const { session } = response;
  // The plugins' user fields (two-factor, phone number).
  const user = response.user as typeof response.user & {
    twoFactorEnabled?: boolean | null;
    phoneNumber?: string | null;
    phoneNumberVerified?: boolean | null;
  };
  // Stryker disable next-line EqualityOperator: the one millisecond at the limit itself
  if (Date.now() - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_SECONDS * 1000) {
    const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
    return { user: null, cookies: setCookies(out) };
  }
  // The user's own row, joined with their profile if any: there is always a row. The profile is
  // kept for the page's other loaders (get-profile.server.ts).
  const [row] = await db()
    .select({ role: users.role, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  if (row?.profile) rememberProfile(row.profile);
  const profile = { fullName: row?.profile?.fullName ?? null };
  const role = row?.role ?? null;
  return {
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      fullName: profile.fullName ?? null,
      displayName: displayName(profile.fullName ?? user.name, user.email),
      isAdmin: isAdminUser({ ...user, role }),
      awaitsAdminRights:
        user.emailVerified && isAdminAddress(user.email) && !isAdminUser({ ...user, role }),
      sessionId: session.id,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      phoneNumber: user.phoneNumberVerified ? (user.phoneNumber ?? null) : null,
      signedInAt: new Date(session.createdAt).toISOString(),
    },
    cookies,
  };
}
