// The admins' money report (/admin/money, issue 36, ADR 065): what we owe customers (credit
// balances, and gifts paid for that nobody has redeemed yet or whose boxes wait for a region to
// open) and the daily reconciliation's runs with every difference they found.
import { desc, sql } from "drizzle-orm";
import { reconciliationDifferences, reconciliationRuns } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

export interface MoneyOwed {
  /** Cents in members' credit balances, and how many members have one above zero. */
  credit: { cents: number; members: number };
  /** Gifts paid and not yet redeemed (nor refunded). */
  unredeemedGifts: { cents: number; count: number };
  /** Gifts redeemed while their region was closed: held until it opens (ADR 047). */
  heldGifts: { cents: number; count: number };
  total: number;
}

export async function getMoneyOwed(): Promise<MoneyOwed> {
  const found = (await db().execute(sql`
    with balances as (
      select user_id, sum(amount) as balance from credit_entries group by user_id
    )
    select
      (select coalesce(sum(balance), 0) from balances where balance > 0)::bigint as credit_cents,
      (select count(*) from balances where balance > 0)::int as credit_members,
      (select coalesce(sum(amount), 0) from gifts
        where status = 'paid' and redeemed_at is null)::bigint as unredeemed_cents,
      (select count(*) from gifts where status = 'paid' and redeemed_at is null)::int
        as unredeemed_count,
      (select coalesce(sum(amount), 0) from gifts
        where status = 'paid' and redeemed_as = 'held' and subscription_id is null)::bigint
        as held_cents,
      (select count(*) from gifts
        where status = 'paid' and redeemed_as = 'held' and subscription_id is null)::int
        as held_count`)) as unknown as { rows: Record<string, string | number>[] };
  const r = found.rows[0]!;
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    credit: { cents: n("credit_cents"), members: n("credit_members") },
    unredeemedGifts: { cents: n("unredeemed_cents"), count: n("unredeemed_count") },
    heldGifts: { cents: n("held_cents"), count: n("held_count") },
    total: n("credit_cents") + n("unredeemed_cents") + n("held_cents"),
  };
}

/** The latest runs (newest day first) and the differences of those days. */
export async function listReconciliation(days = 14) {
  const runs = await db()
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.day), reconciliationRuns.provider)
    .limit(days);
  const differences =
    runs.length === 0
      ? []
      : await db()
          .select()
          .from(reconciliationDifferences)
          .where(sql`${reconciliationDifferences.day} >= ${runs.at(-1)!.day}`)
          .orderBy(
            desc(reconciliationDifferences.day),
            reconciliationDifferences.record,
            reconciliationDifferences.kind,
            reconciliationDifferences.reference,
          );
  return { runs, differences };
}
