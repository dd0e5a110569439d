// Personal referral codes (issue 22, ADR 037): 8 characters of Crockford's base32 alphabet (no i,
// l, o or u) from crypto random, 40 bits, no e-mail in them. Contacts made before referrals get one
// the first time their share link is shown.
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { contacts } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
export const REFERRAL_CODE = /^[0-9abcdefghjkmnpqrstvwxyz]{8}$/;

export function newReferralCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let code = "";
  for (let i = 7; i >= 0; i--) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** A code as typed or pasted (any case, surrounding space); null when it can't be one. */
export function readReferralCode(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const code = raw.trim().toLowerCase();
  return REFERRAL_CODE.test(code) ? code : null;
}

export const shareUrl = (code: string) => `${settings().siteUrl}/r/${code}`;

/** The contact's code, made now if it has none (a unique clash, one in a trillion, tries again). */
export async function ensureReferralCode(contactId: string, tx: Database = db()): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await tx
      .select({ code: contacts.referralCode })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    if (!row) throw new Error(`no contact ${contactId}`);
    if (row.code) return row.code;
    try {
      await tx
        .update(contacts)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(contacts.id, contactId), isNull(contacts.referralCode)));
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).cause?.code;
      if (attempt > 3 || ((error as { code?: string }).code ?? code) !== "23505") throw error;
    }
  }
}
