// The signed-in person's profile (SPEC §3 profiles); a blank one is made if it is missing. Read once
// per page request however many loaders ask (request-memo.server.ts); the session look-up
// (get-current-user.server.ts) reads it with the user's role and leaves it here.
import { eq } from "drizzle-orm";
import { profiles } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { memoForRequest, rememberForRequest } from "#app/lib/request-memo.server.ts";
import { ensureProfile } from "./migrate-waitlist-contact.server.ts";

type ProfileRow = typeof profiles.$inferSelect;

const profileKey = (userId: string) => `profile:${userId}`;

async function readProfile(userId: string): Promise<ProfileRow | undefined> {
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return profile;
}

/** A profile row this page request has already read with something else. */
export function rememberProfile(profile: ProfileRow): void {
  rememberForRequest(profileKey(profile.id), profile);
}

export async function getProfile(userId: string) {
  let profile = await memoForRequest(profileKey(userId), () => readProfile(userId));
  if (!profile) {
    await ensureProfile(userId);
    profile = await readProfile(userId);
    if (profile) rememberProfile(profile);
  }
  if (!profile) throw new Error("profile could not be created");
  return profile;
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;
