// Looks up whether an address has an account (server-side only: answers never reveal it).
import { eq } from "drizzle-orm";
import { contacts, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

export async function findUserByEmail(email: string) {
  const [user] = await db()
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

export async function findWaitlistContact(email: string) {
  const [contact] = await db()
    .select({ id: contacts.id, source: contacts.source, name: contacts.name })
    .from(contacts)
    .where(eq(contacts.email, email.trim().toLowerCase()))
    .limit(1);
  return contact;
}
