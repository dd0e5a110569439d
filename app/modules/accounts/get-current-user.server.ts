// Who is signed in, resolved on the server (no flash of signed-out pages): the user, the profile's
// display name, and whether they are an admin. Sessions end after 7 days without use and at the
// latest 30 days after sign-in, whatever the use.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { profiles, sessions, users } from "#db/schema/index.ts";
import { FRESH_SESSION_SECONDS, SESSION_ABSOLUTE_SECONDS } from "#app/lib/auth.server.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { displayName } from "./accounts.schema.ts";
import type { Auth } from "#app/lib/auth.server.ts";
import { accountsAuth, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { rememberProfile } from "./get-profile.server.ts";
import { ADMIN_ROLE, isAdminAddress } from "./grant-admin-rights.server.ts";
import { settings } from "#app/lib/env.server.ts";

export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  fullName: string | null;
  isAdmin: boolean;
  /** A gardening coach: an admin, or a confirmed COACH_EMAILS address (ADR 071). */
  isCoach: boolean;
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

/** A coach (ADR 071): one of the admins, or a confirmed address that COACH_EMAILS names. */
export function isCoachUser(user: {
  email: string;
  emailVerified: boolean;
  role: string | null;
}): boolean {
  if (isAdminUser(user)) return true;
  return user.emailVerified && settings().coachEmails.includes(user.email.trim().toLowerCase());
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
  return (await readSessionDirectly(request)) ?? (await resolveThroughAuth(request));
}

type UserRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string | null;
  twoFactorEnabled?: boolean | null;
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
};

/** The user as the pages see them, from the session, the user's row and their profile. */
async function answerFor(
  request: Request,
  session: { id: string; createdAt: Date },
  user: UserRow,
  profileRow: typeof profiles.$inferSelect | null,
  cookies: string[],
): Promise<Resolved> {
  // Stryker disable next-line EqualityOperator: the one millisecond at the limit itself
  if (Date.now() - session.createdAt.getTime() > SESSION_ABSOLUTE_SECONDS * 1000) {
    const headers = authHeaders({ request, clientIp: "" });
    const { headers: out } = await accountsAuth().api.signOut({ headers, returnHeaders: true });
    return { user: null, cookies: setCookies(out) };
  }
  if (profileRow) rememberProfile(profileRow);
  const fullName = profileRow?.fullName ?? null;
  const role = user.role ?? null;
  return {
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      fullName,
      displayName: displayName(fullName ?? user.name, user.email),
      isAdmin: isAdminUser({ ...user, role }),
      isCoach: isCoachUser({ ...user, role }),
      awaitsAdminRights:
        user.emailVerified && isAdminAddress(user.email) && !isAdminUser({ ...user, role }),
      sessionId: session.id,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      phoneNumber: user.phoneNumberVerified ? (user.phoneNumber ?? null) : null,
      signedInAt: session.createdAt.toISOString(),
    },
    cookies,
  };
}

/** better-auth's own session read: every case, including refreshing and ending a session. */
async function resolveThroughAuth(request: Request): Promise<Resolved> {
  // Stryker disable next-line StringLiteral: reading a session never looks at the address
  const headers = authHeaders({ request, clientIp: "" });
  const { headers: answer, response } = await accountsAuth().api.getSession({
    headers,
    returnHeaders: true,
  });
  const cookies = setCookies(answer);
  if (!response) return { user: null, cookies };
  // The user's own row, joined with their profile if any: there is always a row.
  const [row] = await db()
    .select({ role: users.role, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, response.user.id))
    .limit(1);
  const user = { ...(response.user as Omit<UserRow, "role">), role: row?.role ?? null };
  return answerFor(request, response.session, user, row?.profile ?? null, cookies);
}

// The common case read in one query (ADR 050): a signed session cookie, a live session that needs
// no refresh. better-auth would verify the signature through WebCrypto and read the session, then
// the user, before our read of the role and profile: three round trips where one does. Anything
// else (no or a bad signature, an expired session, one due for its daily refresh, a "don't
// remember me" or cached-session cookie) goes to better-auth, which answers and sets the cookies.
interface CookieRules {
  sessionToken: string;
  others: string[];
  secret: string;
  expiresIn: number;
  updateAge: number;
}
const rulesOf = new WeakMap<Auth, Promise<CookieRules>>();

function cookieRules(): Promise<CookieRules> {
  const auth = accountsAuth();
  let rules = rulesOf.get(auth);
  if (!rules) {
    rules = auth.$context.then((ctx) => ({
      sessionToken: ctx.authCookies.sessionToken.name,
      others: [ctx.authCookies.dontRememberToken.name, ctx.authCookies.sessionData.name],
      secret: ctx.secret,
      expiresIn: ctx.sessionConfig.expiresIn,
      updateAge: ctx.sessionConfig.updateAge,
    }));
    rulesOf.set(auth, rules);
  }
  return rules;
}

/** The first cookie of each name, decoded, as better-auth reads them. */
function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** The token of a cookie signed with our secret (HMAC-SHA256, base64), or null. */
export function signedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The one query of a signed-in page, built once per database (building it with drizzle cost the
 * web process more than the rest of the read) and, on PostgreSQL, planned once per connection (a
 * named prepared statement).
 */
const sessionReads = new WeakMap<Database, ReturnType<typeof prepareSessionRead>>();

function prepareSessionRead(database: Database) {
  return database
    .select({
      session: { id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt },
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        role: users.role,
        twoFactorEnabled: users.twoFactorEnabled,
        phoneNumber: users.phoneNumber,
        phoneNumberVerified: users.phoneNumberVerified,
      },
      profile: profiles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("read_session");
}

function sessionRead(database: Database) {
  let read = sessionReads.get(database);
  if (!read) {
    read = prepareSessionRead(database);
    sessionReads.set(database, read);
  }
  return read;
}

/** The signed-in member for a live session not due for refresh, in one query; null for better-auth to answer. */
export async function readSessionDirectly(request: Request): Promise<Resolved | null> {
  const rules = await cookieRules();
  const cookies = parseCookies(request.headers.get("cookie") ?? "");
  // Stryker disable next-line all: a caution only; for a live session not yet due for its refresh, better-auth answers these the same
  if (rules.others.some((name) => cookies.has(name))) return null;
  const token = signedToken(cookies.get(rules.sessionToken) ?? "", rules.secret);
  if (!token) return null;
  const [row] = await sessionRead(db()).execute({ token });
  if (!row) return null;
  // Due for its daily refresh, or past its expiry (later still): better-auth's to answer.
  const refreshAt = row.session.expiresAt.getTime() - (rules.expiresIn - rules.updateAge) * 1000;
  // Stryker disable next-line EqualityOperator: the one millisecond at the refresh itself
  if (refreshAt <= Date.now()) return null;
  return answerFor(request, row.session, row.user, row.profile, []);
}

/** An account's role, read from its row (better-auth's answers don't carry it). */
export async function roleOf(userId: string): Promise<string | null> {
  const [row] = await db()
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.role ?? null;
}
