// SPEC §4 "Saving a contact": new values override old, address and growingSpace merge field by
// field, the original timestamp is kept.
import type { ContactAddress, GrowingSpace, SurveyData } from "#db/schema/waitlist.ts";

export interface ContactFields {
  email: string;
  phone?: string | null;
  name?: string | null;
  address?: ContactAddress;
  region?: string | null;
  interests?: string[];
  growingSpace?: GrowingSpace;
  surveyData?: SurveyData;
  plan?: string | null;
  source?: string;
}

export interface StoredContact extends Required<
  Omit<ContactFields, "phone" | "name" | "region" | "plan">
> {
  id: string;
  phone: string | null;
  name: string | null;
  region: string | null;
  plan: string | null;
  timestamp: Date;
}

function defined<T extends object>(o: T | undefined): Partial<T> {
  if (!o) return {};
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== undefined && v !== ""),
  ) as Partial<T>;
}

export function mergeContact(
  existing: StoredContact,
  incoming: ContactFields,
): Omit<StoredContact, "id" | "timestamp"> {
  return {
    email: incoming.email || existing.email,
    phone: incoming.phone ?? existing.phone,
    name: incoming.name ?? existing.name,
    address: { ...existing.address, ...defined(incoming.address) },
    region: incoming.region ?? existing.region,
    interests:
      incoming.interests && incoming.interests.length > 0 ? incoming.interests : existing.interests,
    growingSpace: { ...existing.growingSpace, ...defined(incoming.growingSpace) },
    surveyData: { ...existing.surveyData, ...defined(incoming.surveyData) },
    plan: incoming.plan ?? existing.plan,
    source: incoming.source ?? existing.source,
  };
}

/** Has the merge changed anything worth telling the CRM about? */
export function contactChanged(
  before: Omit<StoredContact, "id" | "timestamp">,
  after: Omit<StoredContact, "id" | "timestamp">,
): boolean {
  return JSON.stringify(before) !== JSON.stringify(after);
}
