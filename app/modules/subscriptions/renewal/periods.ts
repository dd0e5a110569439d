// A subscription's period moved past a box (paid, skipped or not sent), in one statement for many.
import { sql } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import type { SubscriptionRow } from "#app/modules/subscriptions/box-contents.server.ts";
import { cutoffOf, nextBoxDate, type DeliveryWeek } from "#app/modules/subscriptions/box-dates.ts";
import { valuesList } from "#app/modules/subscriptions/record-box-charges.server.ts";
import type { SubscriptionStatus } from "#app/modules/subscriptions/subscription-status.ts";

/** The period after `on`: it starts now (or at the old end) and runs to the next box's cutoff. */
function periodAfter(sub: SubscriptionRow, on: string) {
  const following = nextBoxDate(on, sub.deliveryWeek as DeliveryWeek);
  return { nextBoxOn: on, end: cutoffOf(following, settings().boxCutoffDays) };
}

/**
 * Moves each subscription's period past the box `on` (paid, skipped or not sent): next_box_on
 * becomes it and the period runs to the following box's cutoff. A subscription whose status
 * changes too (past_due → active or paused) gets `status`.
 */
export async function advancePeriods(
  tx: Database,
  items: readonly { sub: SubscriptionRow; on: string; status?: SubscriptionStatus }[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map(({ sub, on, status }) => {
    const p = periodAfter(sub, on);
    const start = sub.currentPeriodEnd <= now ? sub.currentPeriodEnd : now;
    return sql`(${sub.id}::uuid, ${p.nextBoxOn}::date, ${start.toISOString()}::timestamptz, ${p.end.toISOString()}::timestamptz, ${status ?? sub.status}::text)`;
  });
  await tx.execute(sql`
    update ${subscriptions} s
       set next_box_on = v.next_box_on,
           current_period_start = v.period_start,
           current_period_end = v.period_end,
           status = v.status,
           updated_at = ${now.toISOString()}::timestamptz
      from ${valuesList(rows)} as v(id, next_box_on, period_start, period_end, status)
     where s.id = v.id`);
}
