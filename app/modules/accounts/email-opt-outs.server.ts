// A member's "no more of these" for a monthly e-mail (the growing tips, the garden month): the
// time they said so, on their profile. Switching off twice keeps the first time; on clears it.
import { and, eq, isNull } from "drizzle-orm";
import { profiles, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { ensureProfile } from "./migrate-waitlist-contact.server.ts";

/** The profile's column that keeps when the member switched that e-mail off. */
export type EmailOptOut = "tipsOptedOutAt" | "gardenEmailOptedOutAt";

/** Switches the member's e-mail on or off. */
export async function switchEmailOptOut(
  userId: string,
  optOut: EmailOptOut,
  on: boolean,
): Promise<void> {
  await ensureProfile(userId);
  const now = new Date();
  const change: Partial<typeof profiles.$inferInsert> = { [optOut]: on ? null : now };
  await db()
    .update(profiles)
    .set({ ...change, updatedAt: now })
    .where(on ? eq(profiles.id, userId) : and(eq(profiles.id, userId), isNull(profiles[optOut])));
}

/** The member's address and whether they have switched the e-mail off; undefined for no member. */
export async function memberEmailOptOut(
  userId: string,
  optOut: EmailOptOut,
): Promise<{ email: string; off: boolean } | undefined> {
  const [member] = await db()
    .select({ email: users.email, off: profiles[optOut] })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return member && { email: member.email, off: Boolean(member.off) };
}
