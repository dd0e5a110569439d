// Saving the profile form and the delivery address (/profile, /address). The climate zone follows
// the region (SPEC §3: address state or region, else 'New Zealand').
import { eq } from "drizzle-orm";
import { profiles, users, type ProfileAddress } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { addressSchema, fieldErrors, profileSchema, type AddressInput } from "./accounts.schema.ts";
import { getProfile } from "./get-profile.server.ts";
import { climateZoneFor } from "./migrate-waitlist-contact.server.ts";
import { userDataSchema } from "./user-data.ts";

/** A refused form: the first problem per field (the routes show them beside the fields). */
const CHECK_FIELDS = "Please check the highlighted fields.";

function refused(error: Parameters<typeof fieldErrors>[0]) {
  return failure("invalid", CHECK_FIELDS, { fieldErrors: fieldErrors(error) });
}

/** A profile form posted by its owner. */
interface ProfileForm {
  userId: string;
  input: unknown;
}

function toAddress(input: AddressInput): ProfileAddress {
  return {
    street: input.street,
    suburb: input.suburb,
    city: input.city,
    // The region is kept in state too, as the waitlist does (SPEC §3).
    state: input.region,
    region: input.region,
    zip: input.zip,
    country: input.country,
  };
}

export async function updateProfile({ userId, input }: ProfileForm): Promise<Outcome> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) return refused(parsed.error);
  const current = await getProfile(userId);
  const v = parsed.data;
  const address = toAddress(v);
  const growingSpace = { ...current.preferences.growingSpace, kind: v.growingSpace };
  await db().transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        fullName: v.fullName ?? null,
        phone: v.phone ?? null,
        address,
        preferences: { ...current.preferences, interests: v.interests, growingSpace },
        climateZone: climateZoneFor(address),
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, userId));
    await tx
      .update(users)
      .set({ name: v.fullName ?? "", updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
  return { ok: true };
}

export async function saveAddress({ userId, input }: ProfileForm): Promise<Outcome> {
  const parsed = addressSchema.safeParse(input);
  if (!parsed.success) return refused(parsed.error);
  await getProfile(userId);
  const address = toAddress(parsed.data);
  await db()
    .update(profiles)
    .set({ address, climateZone: climateZoneFor(address), updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return { ok: true };
}

/** Sign-up: what the visitor entered before having an account (SPEC §4 userData) starts the profile. */
export async function carryUserData(userId: string, raw: unknown): Promise<void> {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 5_000) return;
  let parsed;
  try {
    parsed = userDataSchema.safeParse(JSON.parse(raw));
  } catch {
    return;
  }
  if (!parsed.success) return;
  const { address, growingSpace } = parsed.data;
  if (!address && !growingSpace) return;
  const current = await getProfile(userId);
  const nextAddress = { ...address, ...current.address };
  await db()
    .update(profiles)
    .set({
      address: nextAddress,
      preferences: {
        ...current.preferences,
        growingSpace: { ...growingSpace, ...current.preferences.growingSpace },
      },
      climateZone: climateZoneFor(nextAddress),
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, userId));
}

/**
 * A subscription's delivery address fills what the profile's address lacks (issue 39 §8): its
 * region and town then choose the member's frost dates and calendar. What the member typed into
 * their profile is kept; nothing is written when there is no gap.
 */
export async function fillAddressGaps(
  userId: string,
  from: { street: string; suburb?: string; city: string; state: string; zip: string },
): Promise<boolean> {
  const current = (await getProfile(userId)).address;
  const region = current.region || current.state;
  if (region && current.city) return false;
  const address: ProfileAddress = {
    ...current,
    street: current.street || from.street,
    suburb: current.suburb || from.suburb,
    city: current.city || from.city,
    state: region || from.state,
    region: region || from.state,
    zip: current.zip || from.zip,
    country: current.country || "New Zealand",
  };
  await db()
    .update(profiles)
    .set({ address, climateZone: climateZoneFor(address), updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return true;
}
