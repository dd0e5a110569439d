// A region's waitlist queue as SQL (ADR 037): its confirmed, subscribed contacts in sign-up order,
// each counted friend moving the referrer up REFERRAL_PLACES places (on a tie, the one who moved
// goes first). The status page reads one contact's place from it; launch waves (ADR 041) invite
// from its front.
import { sql, type SQL } from "drizzle-orm";
import { settings } from "#app/lib/env.server.ts";

/** Two CTEs, `queue` (id, base, friends) and `ranked` (id, place), for a `with` clause. */
export function rankedQueue(region: string): SQL {
  return sql`
    queue as (
      select c.id, row_number() over (order by c.timestamp, c.id) as base,
             (select count(*) from referrals r
              where r.referrer_id = c.id and r.status = 'counted') as friends
      from contacts c
      where c.region = ${region} and c.confirmed_at is not null and c.unsubscribed_at is null
    ),
    ranked as (
      select id, row_number() over (
               order by base - ${settings().referrals.places} * friends, friends desc, base
             ) as place
      from queue
    )`;
}
