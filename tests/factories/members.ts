// Members as the tests need them: a user with a verified e-mail (its id's own address unless one
// is given) and their profile, empty unless the test fills it in.
import { profiles, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

type NewUser = typeof users.$inferInsert;
type NewProfile = typeof profiles.$inferInsert;

/** Inserts the member and answers their id. */
export async function insertMember(
  user: Partial<NewUser> = {},
  profile: Omit<Partial<NewProfile>, "id"> = {},
): Promise<string> {
  const id = user.id ?? crypto.randomUUID();
  await db()
    .insert(users)
    .values({ id, name: "", email: `${id}@example.nz`, emailVerified: true, ...user });
  await db()
    .insert(profiles)
    .values({ id, ...profile });
  return id;
}
