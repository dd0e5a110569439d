// A waitlist contact's credit follows them into their account (issue 22, ADRs 040 and 041): the
// referral milestones their link has earned are granted to the verified account with the
// contact's e-mail address the first time that member reaches /subscribe (a claim link leads
// there), even when the account was made after the friends were counted. The ledger's keys are
// the milestones' own (referral:<contact>:<friends>:<n>), so visiting twice, or a referral counted
// at the same moment, grants nothing twice. Answers the member's balance afterwards, in cents.
import { sql } from "drizzle-orm";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { balanceOf } from "#app/modules/credits/credit-ledger.server.ts";
import { settleReferrerCredit } from "./referral-credit.server.ts";

export async function carryContactCredit(member: { id: string; email: string }): Promise<number> {
  const [contact] = await db()
    .select({ id: contacts.id })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = lower(${member.email})`);
  if (contact) await db().transaction((tx) => settleReferrerCredit(tx, contact.id));
  return balanceOf(db(), member.id);
}
