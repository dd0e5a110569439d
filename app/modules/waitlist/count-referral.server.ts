// A friend's first confirmation decides their referral, inside the confirming transaction (ADR
// 037, 061): counted, or refused with a reason. Nothing counts for the referrer themself (the same
// normalised inbox, same-person.ts), an inbox already counted for them under another spelling
// (duplicate), a disposable address, or a farm: more than REFERRAL_FARM_MAX joins through one link
// from one connection (an IPv4 address or an IPv6 /64, as stored at the join) within
// REFERRAL_FARM_MINUTES (the earliest ones stand). The pending row
// is locked and decided once, so replays and concurrent confirms count it once. A counted friend
// may earn the referrer a milestone's credit (ADR 040).
import { sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { isDisposable } from "./disposable-address.server.ts";
import { lockReferrer, settleReferrerCredit } from "./referral-credit.server.ts";
import { samePerson } from "./same-person.ts";

export type ReferralDecision = "counted" | "self" | "duplicate" | "disposable" | "farm";

export async function countReferral(
  tx: Database,
  friendId: string,
): Promise<ReferralDecision | null> {
  const found = (await tx.execute(sql`
    select r.id, r.referrer_id, r.ip, r.created_at, friend.email as friend_email,
           referrer.email as referrer_email
    from referrals r
    join contacts friend on friend.id = r.friend_id
    join contacts referrer on referrer.id = r.referrer_id
    where r.friend_id = ${friendId}::uuid and r.status = 'pending'
    for update of r`)) as unknown as {
    rows: {
      id: string;
      referrer_id: string;
      ip: string | null;
      friend_email: string;
      referrer_email: string;
    }[];
  };
  const row = found.rows[0];
  if (!row) return null;
  // Friends of one referrer are decided one at a time: two spellings of one inbox confirming at
  // once each see the other counted.
  await lockReferrer(tx, row.referrer_id);
  let decision: ReferralDecision = "counted";
  if (row.referrer_id === friendId || samePerson(row.friend_email, row.referrer_email))
    decision = "self";
  else if ((await countedFriends(tx, row.referrer_id)).some((e) => samePerson(e, row.friend_email)))
    decision = "duplicate";
  else if (isDisposable(row.friend_email)) decision = "disposable";
  else if (row.ip && (await joinsBefore(tx, row.id)) > settings().referrals.farmMax)
    decision = "farm";
  await tx.execute(sql`
    update referrals
    set status = ${decision === "counted" ? "counted" : "refused"},
        reason = ${decision === "counted" ? null : decision}, decided_at = now()
    where id = ${row.id}::uuid and status = 'pending'`);
  // A counted friend may bring the referrer to a credit milestone (ADR 040).
  if (decision === "counted") await settleReferrerCredit(tx, row.referrer_id);
  return decision;
}

/** The addresses of the referrer's friends counted so far. */
async function countedFriends(tx: Database, referrerId: string): Promise<string[]> {
  const result = (await tx.execute(sql`
    select friend.email from referrals r join contacts friend on friend.id = r.friend_id
    where r.referrer_id = ${referrerId}::uuid and r.status = 'counted'`)) as unknown as {
    rows: { email: string }[];
  };
  return result.rows.map((r) => r.email);
}

/** Joins through the same link from the same connection in the window up to this one, itself included. */
async function joinsBefore(tx: Database, referralId: string): Promise<number> {
  const minutes = settings().referrals.farmMinutes;
  const result = (await tx.execute(sql`
    select count(*)::int as n
    from referrals this
    join referrals other on other.referrer_id = this.referrer_id and other.ip = this.ip
    where this.id = ${referralId}::uuid
      and other.created_at > this.created_at - make_interval(mins => ${minutes})
      and (other.created_at, other.id) <= (this.created_at, this.id)`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
