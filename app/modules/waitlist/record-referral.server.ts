// A join through someone's share link (/r/{code}) records who referred the friend, pending until
// the friend confirms (ADR 037). Only the first link counts: the friend is unique, so a later link,
// a replay or a duplicate changes nothing. A friend already confirmed was not brought by the link.
// Only a join that makes the contact records one (ADR 061): a re-join of a known address doesn't.
// Written in the join's own transaction (ADR 049): a saved contact never loses its referral to a
// failure after the save. (A new address's join writes it in the batch's statement instead.)
import { sql } from "drizzle-orm";
import { db, type Database } from "#app/lib/db.server.ts";
import { readReferralCode } from "./referral-code.server.ts";

export async function recordReferral(
  friendId: string,
  rawCode: unknown,
  /** The friend's connection as the limits key it (clientKey: an IPv4 address or an IPv6 /64). */
  connection: string | null,
  tx: Database = db(),
) {
  const code = readReferralCode(rawCode);
  if (!code) return { recorded: false };
  const result = (await tx.execute(sql`
    insert into referrals (referrer_id, friend_id, ip)
    select referrer.id, ${friendId}::uuid, ${connection}
    from contacts referrer, contacts friend
    where referrer.referral_code = ${code} and friend.id = ${friendId}::uuid
      and friend.confirmed_at is null
    on conflict (friend_id) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return { recorded: result.rows.length > 0 };
}
