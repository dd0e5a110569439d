// Referral milestones in the credits ledger (issue 22, ADRs 040 and 061): given how many counted
// friends a waitlist contact now has, the member whose verified account has the contact's e-mail
// address holds exactly the milestones reached (REFERRAL_CREDIT_MILESTONES). Whether a milestone
// is held is the contact's own row in referral_milestone_grants (one per contact and milestone,
// kept when an account is deleted), never the member's ledger rows: a new account with the
// address finds it already given. A milestone reached and not held is granted; one held whose
// count has fallen below it (a voided referral) is taken back from the account it went to, as
// much as is left (never below zero). Ledger keys are referral:<contact>:<friends>:<times>, its
// take-back …:<times>:back. Runs in the caller's transaction, under the member's credits lock
// and the grants' row locks, so replays and concurrent counts grant each milestone once.
import { and, eq, sql } from "drizzle-orm";
import { referralMilestoneGrants, users } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { addCreditEntry, balanceOf, lockCredits } from "./credit-ledger.server.ts";

export interface ReferralCreditResult {
  /** The member credited, or null when the contact has no verified account (nothing recorded). */
  userId: string | null;
  granted: number[];
  takenBack: number[];
}

export async function settleReferralCredit({
  tx,
  contactId,
  email,
  friends,
  now = new Date(),
}: {
  tx: Database;
  /** The referrer's waitlist contact. */
  contactId: string;
  email: string;
  /** Their counted friends now. */
  friends: number;
  now?: Date;
}): Promise<ReferralCreditResult> {
  const result: ReferralCreditResult = { userId: null, granted: [], takenBack: [] };
  const milestones = settings().referrals.creditMilestones;
  if (milestones.length === 0) return result;
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.emailVerified, true)));
  if (!member) return result;
  result.userId = member.id;
  await lockCredits(tx, member.id);
  const prefix = `referral:${contactId}:`;
  const held = new Map(
    (
      await tx
        .select()
        .from(referralMilestoneGrants)
        .where(eq(referralMilestoneGrants.contactId, contactId))
        .for("update")
    ).map((g) => [g.friends, g]),
  );
  for (const m of milestones) {
    const grant = held.get(m.friends);
    if (friends >= m.friends && !grant?.held) {
      const times = await markGranted(
        tx,
        { contactId, friends: m.friends, amount: m.amount },
        member.id,
        now,
      );
      if (times === null) continue;
      await addCreditEntry(tx, {
        userId: member.id,
        amount: m.amount,
        kind: "referral_milestone",
        note: `${m.friends} friends joined the waitlist through your link.`,
        requestKey: `${prefix}${m.friends}:${times}`,
        now,
      });
      result.granted.push(m.friends);
    } else if (friends < m.friends && grant?.held) {
      await tx
        .update(referralMilestoneGrants)
        .set({ held: false, updatedAt: now })
        .where(
          and(
            eq(referralMilestoneGrants.contactId, contactId),
            eq(referralMilestoneGrants.friends, m.friends),
          ),
        );
      // The account it went to is gone: nothing of it is left to take back.
      if (grant.userId) {
        if (grant.userId !== member.id) await lockCredits(tx, grant.userId);
        const take = Math.min(grant.amount, await balanceOf(tx, grant.userId));
        await addCreditEntry(tx, {
          userId: grant.userId,
          amount: -take,
          kind: "taken_back",
          note: `A referral no longer counts, so you're below ${m.friends} friends.`,
          requestKey: `${prefix}${m.friends}:${grant.times}:back`,
          now,
        });
      }
      result.takenBack.push(m.friends);
    }
  }
  return result;
}

/**
 * Marks the milestone held by this member, once: the first time it makes the row (the primary key
 * is the contact and milestone), later only from not held. Answers which earning this is, or null
 * when it was held already.
 */
async function markGranted(
  tx: Database,
  milestone: { contactId: string; friends: number; amount: number },
  userId: string,
  now: Date,
): Promise<number | null> {
  const [row] = await tx
    .insert(referralMilestoneGrants)
    .values({ ...milestone, userId, grantedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [referralMilestoneGrants.contactId, referralMilestoneGrants.friends],
      set: {
        held: true,
        times: sql`${referralMilestoneGrants.times} + 1`,
        userId,
        amount: milestone.amount,
        updatedAt: now,
      },
      setWhere: sql`not ${referralMilestoneGrants.held}`,
    })
    .returning({ times: referralMilestoneGrants.times });
  return row?.times ?? null;
}
