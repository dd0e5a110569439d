// Who invited a friend arriving through a share link (issue 39, ADR 076): the inviter's first name
// only (from their waitlist entry, else their account), or none when neither has one that reads as
// a name (an e-mail address typed as a name never shows), and their region, which the friend's
// form starts on. Never their e-mail address, surname or place in the queue.
import { eq } from "drizzle-orm";
import { contacts, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { isNzRegion, type NzRegion } from "#app/lib/nz-regions.ts";
import { readReferralCode } from "./referral-code.server.ts";

export interface Inviter {
  /** Their first name, or null: the page then says "A friend". */
  firstName: string | null;
  region: NzRegion | null;
}

/** The first word of a name, if it reads as a name: no '@', no digits, at most 30 characters. */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = (name ?? "").trim().split(/\s+/)[0] ?? "";
  if (!first || first.length > 30 || /[@\d<>/\\:]/.test(first)) return null;
  return first;
}

/** The inviter behind a share code, or null for a code that is no one's (or not a code). */
export async function getInviter(raw: unknown): Promise<Inviter | null> {
  const code = readReferralCode(raw);
  if (!code) return null;
  const [row] = await db()
    .select({ name: contacts.name, region: contacts.region, accountName: users.name })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.userId))
    .where(eq(contacts.referralCode, code));
  if (!row) return null;
  return {
    firstName: firstNameOf(row.name) ?? firstNameOf(row.accountName),
    region: isNzRegion(row.region) ? row.region : null,
  };
}

/** The greeting: "Hemi invited you to Patch" or, with no name to show, a friend's. */
export function inviterGreeting(inviter: Pick<Inviter, "firstName">, brand: string): string {
  return inviter.firstName
    ? `${inviter.firstName} invited you to ${brand}`
    : `A friend invited you to ${brand}`;
}
