// An admin voids a counted referral (fraud) with a reason (issue 22, ADR 037): it stops counting,
// so the referrer's place moves back, and a milestone credit it had earned is taken back if their
// count falls below it (ADR 040). Voiding is once; a voided referral stays as the record.
import { sql } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { settleReferrerCredit } from "./referral-credit.server.ts";

export const voidReferralSchema = z.object({
  referralId: z.uuid({ message: "Choose a referral to void." }),
  // Free text with no control codes (a NUL can't be stored in PostgreSQL's text).
  reason: freeText({ max: 300, tooLong: "Keep the reason under 300 characters." }).min(3, {
    message: "Say why it is void (at least 3 characters).",
  }),
});

export async function voidReferral(raw: unknown, admin: string): Promise<Outcome> {
  const parsed = voidReferralSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]!.message, {
      fieldErrors: fieldErrors(parsed.error),
    });
  const { referralId, reason } = parsed.data;
  const voided = await db().transaction(async (tx) => {
    const result = (await tx.execute(sql`
      update referrals set status = 'void', reason = ${reason}, voided_at = now(),
                           voided_by = ${admin}
      where id = ${referralId}::uuid and status = 'counted'
      returning referrer_id`)) as unknown as { rows: { referrer_id: string }[] };
    const row = result.rows[0];
    if (row) await settleReferrerCredit(tx, row.referrer_id);
    return Boolean(row);
  });
  return voided
    ? { ok: true }
    : failure("not-found", "That referral isn't counted (or was voided already).");
}

/** Counted friends per contact, and each region's top referrers (the admin's waitlist page). */
export async function topReferrers(limitPerRegion = 5) {
  const result = (await db().execute(sql`
    select region, id, email, friends from (
      select c.region, c.id, c.email, count(r.id)::int as friends,
             row_number() over (partition by c.region order by count(r.id) desc, c.timestamp) as n
      from contacts c join referrals r on r.referrer_id = c.id and r.status = 'counted'
      group by c.region, c.id, c.email, c.timestamp
    ) ranked where n <= ${limitPerRegion}
    order by region, friends desc`)) as unknown as {
    rows: { region: string | null; id: string; email: string; friends: number }[];
  };
  return result.rows;
}

/** The latest counted referrals, each with its referrer and friend (for voiding). */
export async function listCountedReferrals(limit = 50) {
  const result = (await db().execute(sql`
    select r.id, r.ip, r.decided_at, referrer.email as referrer, friend.email as friend,
           referrer.region
    from referrals r
    join contacts referrer on referrer.id = r.referrer_id
    join contacts friend on friend.id = r.friend_id
    where r.status = 'counted'
    order by r.decided_at desc nulls last limit ${limit}`)) as unknown as {
    rows: {
      id: string;
      ip: string | null;
      referrer: string;
      friend: string;
      region: string | null;
    }[];
  };
  return result.rows;
}
