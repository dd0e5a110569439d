// The admin home's numbers (issue 5 "/admin"): the waitlist size, and people with accounts.
import { count } from "drizzle-orm";
import { contacts, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

export async function getAdminOverview() {
  const [[waitlist], [accounts]] = await Promise.all([
    db().select({ n: count() }).from(contacts),
    db().select({ n: count() }).from(users),
  ]);
  return { waitlistSize: waitlist?.n ?? 0, accounts: accounts?.n ?? 0 };
}
