// SPEC §4 "User data": what a visitor tells us before signing in (address, growing space), kept in
// the browser under `userData`. Updates merge new over old (address and growingSpace field by
// field) and stamp lastUpdated; clearing leaves only lastUpdated; it is carried into the profile
// at sign-up and cleared at sign-out (with the stored userId).
import { freeText, z } from "#app/lib/zod.ts";

import { USER_DATA_KEY } from "./user-data-key.ts";

export { USER_DATA_KEY };

export const userDataSchema = z.object({
  lastUpdated: z.string().max(40),
  userId: z.string().max(100).optional(),
  // Carried into the profile at sign-up: the same free-text rule as the profile's own fields.
  address: z
    .object({
      street: freeText({ max: 200 }).optional(),
      suburb: freeText({ max: 100 }).optional(),
      city: freeText({ max: 100 }).optional(),
      state: freeText({ max: 100 }).optional(),
      region: freeText({ max: 100 }).optional(),
      zip: freeText({ max: 10 }).optional(),
      country: freeText({ max: 60 }).optional(),
    })
    .optional(),
  growingSpace: z
    .object({
      kind: freeText({ max: 60 }).optional(),
      sizeM2: z.number().min(0).max(10_000).optional(),
      sunHours: freeText({ max: 60 }).optional(),
    })
    .optional(),
});
export type UserData = z.infer<typeof userDataSchema>;
export type UserDataUpdate = Partial<Omit<UserData, "lastUpdated">>;

export function mergeUserData(
  old: UserData | null,
  update: UserDataUpdate,
  now = new Date(),
): UserData {
  const base: UserData = old ?? { lastUpdated: now.toISOString() };
  return {
    ...base,
    ...update,
    address: update.address || base.address ? { ...base.address, ...update.address } : undefined,
    growingSpace:
      update.growingSpace || base.growingSpace
        ? { ...base.growingSpace, ...update.growingSpace }
        : undefined,
    lastUpdated: now.toISOString(),
  };
}

export function readUserData(storage: Pick<Storage, "getItem"> = localStorage): UserData | null {
  try {
    const parsed = userDataSchema.safeParse(JSON.parse(storage.getItem(USER_DATA_KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function updateUserData(
  update: UserDataUpdate,
  storage: Pick<Storage, "getItem" | "setItem"> = localStorage,
): UserData {
  const next = mergeUserData(readUserData(storage), update);
  storage.setItem(USER_DATA_KEY, JSON.stringify(next));
  return next;
}

/** Clear: only lastUpdated remains in memory, and the stored copy is removed. */
export function clearUserData(storage: Pick<Storage, "removeItem"> = localStorage): UserData {
  storage.removeItem(USER_DATA_KEY);
  return { lastUpdated: new Date().toISOString() };
}
