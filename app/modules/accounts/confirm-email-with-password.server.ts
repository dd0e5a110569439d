// Confirming an address from its link anywhere but the browser that signed up (ADR 020): whoever
// holds the link owns the mailbox, so they choose the account's password here. Any password set
// before (perhaps by someone who registered the address first) stops working, every session of
// the account ends, the name they gave is dropped (it would greet the owner, or an admin, as
// whoever they chose), and then the owner is signed in with the new one. Opening the page does
// nothing, so mail scanners that follow links confirm nobody.
import { and, eq } from "drizzle-orm";
import { verifyJWT } from "better-auth/crypto";
import { authAccounts, profiles, sessions, users } from "#db/schema/index.ts";
import { hashPassword } from "#app/lib/auth.server.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { MESSAGES, confirmEmailSchema, fieldErrors } from "./accounts.schema.ts";
import { grantAdminRightsIfListed } from "./grant-admin-rights.server.ts";
import type { AccountsOutcome, SignInCall } from "./outcome.ts";
import { refusePassword } from "./password-policy.server.ts";
import { withPasswordSlot } from "./password-work.server.ts";
import { signIn } from "./sign-in.server.ts";

const invalidLink = { ok: false, code: "invalid", message: MESSAGES.confirmLinkInvalid } as const;

/**
 * The account a sign-up confirmation token is for: better-auth's own token (a JWT signed with
 * AUTH_SECRET, expiring with the link), checked with its own verifier. E-mail change tokens
 * (`updateTo`) are not for this page.
 */
async function accountOfToken(token: string): Promise<{ id: string; email: string } | null> {
  const payload = await verifyJWT<{ email?: unknown; userId?: unknown; updateTo?: unknown }>(
    token,
    settings().authSecret,
  );
  if (!payload || payload.updateTo !== undefined) return null;
  const { email, userId } = payload;
  if (typeof email !== "string" || typeof userId !== "string") return null;
  const [user] = await db()
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user && user.email === email.toLowerCase() && !user.emailVerified ? user : null;
}

/** The page itself: is the link still good (so the form is worth showing)? */
export async function confirmLinkIsValid(token: string): Promise<boolean> {
  return token.length > 0 && token.length < 4000 && (await accountOfToken(token)) !== null;
}

export async function confirmEmailWithPassword({
  input,
  meta,
  redirectTo,
}: SignInCall): Promise<AccountsOutcome> {
  const parsed = confirmEmailSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (errors.token) return invalidLink;
    return { ok: false, code: "invalid", message: errors.password ?? "", fieldErrors: errors };
  }
  const { token, password } = parsed.data;
  const account = await accountOfToken(token);
  if (!account) return invalidLink;
  const weak = refusePassword(password, { field: "password", email: account.email });
  if (weak) return weak;
  const hash = await withPasswordSlot(() => hashPassword(password));
  const confirmed = await db().transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ emailVerified: true, name: "", updatedAt: new Date() })
      .where(and(eq(users.id, account.id), eq(users.emailVerified, false)))
      .returning({ id: users.id });
    // The same link used twice at once: only the first sets the password.
    if (!changed) return false;
    const [credential] = await tx
      .update(authAccounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(authAccounts.userId, account.id), eq(authAccounts.providerId, "credential")))
      .returning({ id: authAccounts.id });
    if (!credential) {
      await tx.insert(authAccounts).values({
        id: crypto.randomUUID(),
        accountId: account.id,
        providerId: "credential",
        userId: account.id,
        password: hash,
      });
    }
    await tx
      .update(profiles)
      .set({ fullName: null, updatedAt: new Date() })
      .where(eq(profiles.id, account.id));
    await tx.delete(sessions).where(eq(sessions.userId, account.id));
    return true;
  });
  if (!confirmed) return invalidLink;
  await grantAdminRightsIfListed(account);
  const signedIn = await signIn({ input: { email: account.email, password }, meta, redirectTo });
  if (!signedIn.ok || signedIn.twoFactor) return signedIn;
  return { ...signedIn, messages: [MESSAGES.emailConfirmed] };
}
