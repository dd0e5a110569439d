// Reminders (ADR 032): three days before a box's charge, its row is made (the contents as they
// stand) and the e-mail with the box, date, amount and skip/change links is queued. One short
// transaction per batch (FOR UPDATE SKIP LOCKED: two workers share the work); no provider call.
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { boxes, subscriptions, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { ensureBoxes } from "./boxes.ts";
import { queueEmails } from "./emails.ts";
import { DAY, REMINDER_DAYS, type Run } from "./rules.ts";

/** The upcoming box's date in SQL, as nextBoxDate() works it out: the next month's chosen week. */
const upcomingOnSql = sql`((date_trunc('month', ${subscriptions.nextBoxOn}) + interval '1 month')::date + (${subscriptions.deliveryWeek} - 1) * 7)`;

export async function remindBatch({ now, size, tally }: Pick<Run, "now" | "size" | "tally">) {
  const soon = new Date(now.getTime() + REMINDER_DAYS * DAY);
  return db().transaction(async (tx) => {
    const subs = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, "active"),
          gt(subscriptions.currentPeriodEnd, now),
          lte(subscriptions.currentPeriodEnd, soon),
          // No reminder for an account that is gone (the renewal then ends its subscription).
          sql`exists (select 1 from ${users} u where u.id = ${subscriptions.userId})`,
          sql`not exists (select 1 from ${boxes} b where b.subscription_id = ${subscriptions.id}
                and b.deliver_on = ${upcomingOnSql}
                and (b.reminded_at is not null or b.status <> 'scheduled'))`,
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(size)
      .for("update", { skipLocked: true });
    if (subs.length === 0) return 0;
    const made = await ensureBoxes(tx, subs, now);
    const ids = [...made.values()]
      .filter((b) => b.status === "scheduled" && !b.remindedAt)
      .map((b) => b.id);
    if (ids.length > 0) {
      await tx.update(boxes).set({ remindedAt: now, updatedAt: now }).where(inArray(boxes.id, ids));
      await queueEmails(
        tx,
        ids.map((boxId) => ({ boxId, kind: "reminder", attempt: 0 })),
      );
    }
    tally.reminded += ids.length;
    return subs.length;
  });
}
