// Admin rights (SPEC §6: the addresses in ADMIN_EMAILS) need more than a confirmed address: they are
// granted (users.role = "admin") only when the address's owner proves the mailbox and chooses the
// account's password in the same step (ADR 020): a confirmation link opened in the browser that
// chose the password at sign-up, the confirm page's own password, or a password reset link. An
// account whose password someone else may have chosen (made before this rule, or moved to an admin
// address by an e-mail change) never has it.
import { and, eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";

export const ADMIN_ROLE = "admin";

export function isAdminAddress(email: string): boolean {
  return settings().adminEmails.includes(email.trim().toLowerCase());
}

export async function grantAdminRightsIfListed(user: { id: string; email: string }): Promise<void> {
  if (!isAdminAddress(user.email)) return;
  await db()
    .update(users)
    .set({ role: ADMIN_ROLE, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.email, user.email.trim().toLowerCase())));
}
