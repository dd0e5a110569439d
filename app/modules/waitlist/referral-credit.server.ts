// After a referral is counted or voided, the referrer's milestone credit follows their counted
// friends (ADR 040), inside the same transaction. Their counts are serialised per referrer (an
// advisory lock taken after the contact row locks, before the credits lock), so two friends
// confirming at once see each other's count and a milestone is granted once.
import { sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server.ts";
import {
  settleReferralCredit,
  type ReferralCreditResult,
} from "#app/modules/credits/settle-referral-credit.server.ts";

/** The referrer's lock until the transaction ends (taken again by the same transaction, it stacks). */
export async function lockReferrer(tx: Database, referrerId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`referrer:${referrerId}`}, 0))`,
  );
}

export async function settleReferrerCredit(
  tx: Database,
  referrerId: string,
): Promise<ReferralCreditResult | null> {
  await lockReferrer(tx, referrerId);
  const found = (await tx.execute(sql`
    select c.email,
           (select count(*)::int from referrals r
             where r.referrer_id = c.id and r.status = 'counted') as friends
    from contacts c where c.id = ${referrerId}::uuid`)) as unknown as {
    rows: { email: string; friends: number }[];
  };
  const row = found.rows[0];
  if (!row) return null;
  return settleReferralCredit({
    tx,
    contactId: referrerId,
    email: row.email,
    friends: Number(row.friends),
  });
}
