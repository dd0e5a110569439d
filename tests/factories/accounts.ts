// Accounts as the tests of signed-in features need them: signed up with a password through
// better-auth, the address confirmed, and signed in through the real sign-in use-case; and the
// check that a use-case's answer signed someone in.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import type { RequestMeta } from "#app/lib/request-meta.ts";
import { accountsAuth } from "#app/modules/accounts/accounts-auth.server.ts";
import type { AccountsOutcome } from "#app/modules/accounts/outcome.ts";
import { signIn } from "#app/modules/accounts/sign-in.server.ts";

/**
 * Who asks, for one test file: each call a request to `path` on https://patch.test with the
 * Cookie header given, from the next address of the /24 `network` (so per-IP limits don't pile up).
 */
export function requestMetas(network: string, path = "/auth"): (cookie?: string) => RequestMeta {
  let ip = 0;
  return (cookie = "") => ({
    request: new Request(`https://patch.test${path}`, { headers: cookie ? { cookie } : {} }),
    clientIp: `${network}.${++ip % 250}`,
  });
}

/** The Cookie header a browser sends back after these Set-Cookie lines. */
export const cookieHeader = (setCookies: string[]): string =>
  setCookies.map((c) => c.split(";")[0]).join("; ");

/** Signs `email` up with `password` and marks the address confirmed (no admin rights given). */
export async function confirmedAccount(email: string, password: string): Promise<string> {
  await accountsAuth().api.signUpEmail({ body: { email, password, name: "" } });
  const [user] = await db()
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email.toLowerCase()))
    .returning({ id: users.id });
  return user!.id;
}

/** A confirmed account, signed in from `meta`: its id, the Set-Cookie lines and the Cookie header. */
export async function signedInAccount({
  email,
  password,
  meta,
}: {
  email: string;
  password: string;
  meta: RequestMeta;
}): Promise<{ id: string; cookies: string[]; cookie: string }> {
  const id = await confirmedAccount(email, password);
  const outcome = await signIn({ input: { email, password }, meta });
  if (!outcome.ok) throw new Error(outcome.message);
  return { id, cookies: outcome.cookies, cookie: cookieHeader(outcome.cookies) };
}

/**
 * Expects a success that says `message` and goes on to `redirectTo`; answers the Cookie header
 * of the session it set ("" when it failed, after the expectation has said so).
 */
export function expectSignedIn(
  outcome: AccountsOutcome,
  { message, redirectTo }: { message: string; redirectTo: string },
): string {
  expect(outcome).toMatchObject({ ok: true, messages: [message], redirectTo });
  return outcome.ok ? cookieHeader(outcome.cookies) : "";
}
