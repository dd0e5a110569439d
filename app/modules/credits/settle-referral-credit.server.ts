// Referral milestones in the credits ledger (issue 22, ADR 040): given how many counted friends a
// waitlist contact now has, the member whose verified account has the contact's e-mail address
// holds exactly the milestones reached (REFERRAL_CREDIT_MILESTONES). A milestone reached and not
// held is granted; one held whose count has fallen below it (a voided referral) is taken back, as
// much as is left (never below zero). Keys are per contact, milestone and time earned:
// referral:<contact>:<friends>:<n>, its take-back …:<n>:back. Runs in the caller's transaction,
// under the member's credits lock, so replays and concurrent counts grant each milestone once.
import { and, eq, like, sql } from "drizzle-orm";
import { creditEntries, users } from "#db/schema/index.ts";
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
  const keys = (
    await tx
      .select({ key: creditEntries.requestKey })
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, member.id), like(creditEntries.requestKey, `${prefix}%`)))
  ).map((r) => r.key);
  for (const m of milestones) {
    const mine = keys.filter((k) => k.startsWith(`${prefix}${m.friends}:`));
    const earned = mine.filter((k) => !k.endsWith(":back")).length;
    const held = earned > mine.length - earned;
    if (friends >= m.friends && !held) {
      await addCreditEntry(tx, {
        userId: member.id,
        amount: m.amount,
        kind: "referral_milestone",
        note: `${m.friends} friends joined the waitlist through your link.`,
        requestKey: `${prefix}${m.friends}:${earned + 1}`,
        now,
      });
      result.granted.push(m.friends);
    } else if (friends < m.friends && held) {
      const take = Math.min(m.amount, await balanceOf(tx, member.id));
      await addCreditEntry(tx, {
        userId: member.id,
        amount: -take,
        kind: "taken_back",
        note: `A referral no longer counts, so you're below ${m.friends} friends.`,
        requestKey: `${prefix}${m.friends}:${earned}:back`,
        now,
      });
      result.takenBack.push(m.friends);
    }
  }
  return result;
}
