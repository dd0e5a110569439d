// What a contact's status page shows (issue 22, ADR 037), from their signed link: their place in
// their region's queue, the friends counted for them, and the region's progress toward opening.
// The queue is the region's confirmed, subscribed contacts in sign-up order, each counted friend
// moving the referrer up REFERRAL_PLACES places (on a tie, the one who moved goes first).
import { eq, sql } from "drizzle-orm";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { isRegionOpen } from "#app/modules/subscriptions/regions.server.ts";
import { readStatusToken } from "./contact-links.server.ts";
import { rankedQueue } from "./queue-order.server.ts";
import { ensureReferralCode, shareUrl } from "./referral-code.server.ts";

export interface ReferralStatus {
  email: string;
  region: string | null;
  confirmed: boolean;
  /** 1 is the front; null until confirmed (only confirmed contacts queue). */
  place: number | null;
  queueLength: number;
  friends: number;
  /** Friends who joined through the link but haven't confirmed yet. */
  pendingFriends: number;
  shareUrl: string;
  progress: { open: boolean; confirmed: number; target: number; percent: number };
  /**
   * Credit the counted friends have earned (REFERRAL_CREDIT_MILESTONES, ADR 040), in cents, and
   * the next milestone; it pays the first box when they subscribe (ADR 041).
   */
  credit: { earned: number; next: { friends: number; amount: number } | null };
}

/** The milestones' credit `friends` counted friends have earned, and the next one to reach. */
export function referralCreditFor(friends: number): ReferralStatus["credit"] {
  const milestones = settings().referrals.creditMilestones;
  return {
    earned: milestones.filter((m) => friends >= m.friends).reduce((sum, m) => sum + m.amount, 0),
    next: milestones.find((m) => friends < m.friends) ?? null,
  };
}

export async function getReferralStatus(token: string | null): Promise<ReferralStatus | null> {
  const id = readStatusToken(token);
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const [contact] = await db().select().from(contacts).where(eq(contacts.id, id));
  if (!contact) return null;
  const region = contact.region ?? "";
  const counts = (await db().execute(sql`
    select count(*) filter (where status = 'counted')::int as friends,
           count(*) filter (where status = 'pending')::int as pending
    from referrals where referrer_id = ${id}::uuid`)) as unknown as {
    rows: { friends: number; pending: number }[];
  };
  const queue = await queuePlace(region, id);
  const target = settings().regionOpenTarget;
  const open = region ? await isRegionOpen(region) : false;
  const friends = Number(counts.rows[0]?.friends ?? 0);
  return {
    email: contact.email,
    region: contact.region,
    confirmed: Boolean(contact.confirmedAt),
    place: queue.place,
    queueLength: queue.length,
    friends,
    pendingFriends: Number(counts.rows[0]?.pending ?? 0),
    shareUrl: shareUrl(await ensureReferralCode(id)),
    progress: {
      open,
      confirmed: queue.length,
      target,
      percent: open ? 100 : Math.min(100, Math.floor((queue.length * 100) / target)),
    },
    credit: referralCreditFor(friends),
  };
}

/** The contact's place in their region's queue, and the queue's length. */
export async function queuePlace(
  region: string,
  contactId: string,
): Promise<{ place: number | null; length: number }> {
  const result = (await db().execute(sql`
    with ${rankedQueue(region)}
    select (select place from ranked where id = ${contactId}::uuid)::int as place,
           (select count(*) from queue)::int as length`)) as unknown as {
    rows: { place: number | null; length: number }[];
  };
  const row = result.rows[0];
  return { place: row?.place ?? null, length: Number(row?.length ?? 0) };
}
