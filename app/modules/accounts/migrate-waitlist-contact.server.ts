// SPEC §4 "Waitlist migration": on sign-up or first sign-in, the waitlist contact with the same
// e-mail becomes the profile (onboarding done), and the contact is marked migrated with the user's
// id. Without a contact the person gets a blank profile. Running it again changes nothing.
import { and, eq, ne, sql } from "drizzle-orm";
import { contacts, profiles, type ProfileAddress } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

export const MIGRATED_SOURCE = "waitlist_page_migrated";
export const DEFAULT_CLIMATE_ZONE = "New Zealand";

export function climateZoneFor(address: ProfileAddress | null | undefined): string {
  return address?.state?.trim() || address?.region?.trim() || DEFAULT_CLIMATE_ZONE;
}

/** A blank profile (onboarding not done) unless one exists already. */
export async function ensureProfile(userId: string, fullName?: string | null): Promise<void> {
  await db()
    .insert(profiles)
    .values({
      id: userId,
      fullName: fullName?.trim() || null,
      climateZone: DEFAULT_CLIMATE_ZONE,
      onboardingCompleted: false,
    })
    .onConflictDoNothing({ target: profiles.id });
}

export type MigrationResult = "migrated" | "already-migrated" | "no-contact";

export async function migrateWaitlistContact(user: {
  id: string;
  email: string;
  name?: string | null;
}): Promise<MigrationResult> {
  const email = user.email.trim().toLowerCase();
  return db().transaction(async (tx) => {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(eq(contacts.email, email))
      .for("update")
      .limit(1);
    if (!contact) {
      await tx
        .insert(profiles)
        .values({ id: user.id, fullName: user.name?.trim() || null, onboardingCompleted: false })
        .onConflictDoNothing({ target: profiles.id });
      return "no-contact";
    }
    if (contact.source === MIGRATED_SOURCE) {
      await tx
        .insert(profiles)
        .values({ id: user.id, fullName: user.name?.trim() || null, onboardingCompleted: false })
        .onConflictDoNothing({ target: profiles.id });
      return "already-migrated";
    }
    const address: ProfileAddress = { ...contact.address };
    if (!address.region && contact.region) address.region = contact.region;
    const preferences = {
      interests: contact.interests,
      growingSpace: contact.growingSpace,
      surveyData: contact.surveyData,
      // The box picked on the home page's cards becomes the member's plan (their calendar feed).
      ...(contact.plan ? { plan: contact.plan } : {}),
    };
    const fullName = user.name?.trim() || contact.name?.trim() || null;
    await tx
      .insert(profiles)
      .values({
        id: user.id,
        fullName,
        phone: contact.phone,
        address,
        preferences,
        climateZone: climateZoneFor(address),
        onboardingCompleted: true,
        // Someone who unsubscribed from the waitlist's e-mails doesn't get the monthly tips either.
        tipsOptedOutAt: contact.unsubscribedAt,
      })
      .onConflictDoUpdate({
        target: profiles.id,
        set: {
          phone: contact.phone,
          address,
          preferences,
          climateZone: climateZoneFor(address),
          onboardingCompleted: true,
          ...(contact.unsubscribedAt ? { tipsOptedOutAt: contact.unsubscribedAt } : {}),
          updatedAt: new Date(),
        },
      });
    await tx
      .update(contacts)
      .set({ source: MIGRATED_SOURCE, userId: user.id, updatedAt: new Date() })
      .where(and(eq(contacts.id, contact.id), ne(contacts.source, MIGRATED_SOURCE)));
    return "migrated";
  });
}

/**
 * At every session start (SPEC §4): the migration, unless there is nothing to do. One query tells
 * whether the member has a profile and an unmigrated waitlist entry; a returning member (the usual
 * sign-in) costs that query alone instead of a transaction.
 */
export async function migrateWaitlistContactAtSignIn(userId: string): Promise<void> {
  const result = (await db().execute(sql`
    select u.id, u.email, u.name,
           exists (select 1 from profiles p where p.id = u.id) as has_profile,
           exists (
             select 1 from contacts c
             where c.email = lower(trim(u.email)) and c.source <> ${MIGRATED_SOURCE}
           ) as has_new_contact
    from users u
    where u.id = ${userId}`)) as unknown as {
    rows: {
      id: string;
      email: string;
      name: string | null;
      has_profile: boolean;
      has_new_contact: boolean;
    }[];
  };
  const user = result.rows[0];
  if (!user || (user.has_profile && !user.has_new_contact)) return;
  await migrateWaitlistContact(user);
}
