// Waitlist contacts as the tests need them: in a region, confirmed or not, unsubscribed or not.
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

/** Inserts a contact in `region` (its address's region too) and answers its id. */
export async function insertContact(
  email: string,
  region: string,
  state: { confirmed?: boolean; unsubscribed?: boolean; name?: string } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await db()
    .insert(contacts)
    .values({
      id,
      email,
      region,
      name: state.name ?? null,
      address: { state: region },
      confirmedAt: state.confirmed ? new Date() : null,
      unsubscribedAt: state.unsubscribed ? new Date() : null,
    });
  return id;
}
