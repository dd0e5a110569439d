// Looks up whether an address has an account (server-side only: answers never reveal it).
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { contacts, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

/**
 * The row of a table (accounts, waitlist contacts) with an address, as the address is stored:
 * trimmed and lower-case. Typed by the fields asked for (drizzle can't tell them through a table
 * given as a parameter).
 */
async function findByEmail<F extends SelectedFields>(
  table: PgTable & { email: AnyPgColumn },
  fields: F,
  email: string,
): Promise<SelectResultFields<F> | undefined> {
  const rows = await db()
    .select(fields)
    .from(table)
    .where(eq(table.email, email.trim().toLowerCase()))
    .limit(1);
  return (rows as SelectResultFields<F>[])[0];
}

export function findUserByEmail(email: string) {
  return findByEmail(
    users,
    { id: users.id, email: users.email, emailVerified: users.emailVerified },
    email,
  );
}

export function findWaitlistContact(email: string) {
  return findByEmail(
    contacts,
    { id: contacts.id, source: contacts.source, name: contacts.name },
    email,
  );
}
