// The signed-in person's profile (SPEC §3 profiles); a blank one is made if it is missing.
import { eq } from "drizzle-orm";
import { profiles } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { ensureProfile } from "./migrate-waitlist-contact.server.ts";

export async function getProfile(userId: string) {
  const read = () => db().select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  let [profile] = await read();
  if (!profile) {
    await ensureProfile(userId);
    [profile] = await read();
  }
  if (!profile) throw new Error("profile could not be created");
  return profile;
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;
