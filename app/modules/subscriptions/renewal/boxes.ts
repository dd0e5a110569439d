// The renewal's box rows: each due subscription's upcoming box, made where missing (ADR 032).
import { eq, sql } from "drizzle-orm";
import { boxes, type BoxLine } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import {
  contentsFor,
  monthOf,
  upcomingBoxOn,
  zoneOf,
  type BoxRow,
  type SubscriptionRow,
} from "#app/modules/subscriptions/box-contents.server.ts";
import { cutoffOf } from "#app/modules/subscriptions/box-dates.ts";

/**
 * Each subscription's upcoming box row, made from the contents table where missing (one insert
 * for the batch; the contents read once per month, zone and plan). A box still scheduled for a
 * plan the subscription has since left is remade for its new plan.
 */
export async function ensureBoxes(
  tx: Database,
  subs: readonly SubscriptionRow[],
  now: Date,
): Promise<Map<string, BoxRow>> {
  const found = new Map<string, BoxRow>();
  if (subs.length === 0) return found;
  const wanted = subs.map((s) => ({ sub: s, on: upcomingBoxOn(s) }));
  const pairs = sql.join(
    wanted.map((w) => sql`(${w.sub.id}::uuid, ${w.on}::date)`),
    sql`, `,
  );
  const existing = await tx
    .select()
    .from(boxes)
    .where(sql`(${boxes.subscriptionId}, ${boxes.deliverOn}) in (${pairs})`);
  for (const b of existing) found.set(b.subscriptionId, b);

  const cache = new Map<string, Promise<BoxLine[]>>();
  const contents = (on: string, zone: string, plan: string) => {
    const key = `${monthOf(on)}/${zone}/${plan}`;
    if (!cache.has(key)) cache.set(key, contentsFor(tx, monthOf(on), zone, plan));
    return cache.get(key)!;
  };
  const cutoffDays = settings().boxCutoffDays;
  const missing = wanted.filter((w) => !found.has(w.sub.id));
  if (missing.length > 0) {
    const values = [];
    for (const { sub, on } of missing) {
      const zone = zoneOf(sub);
      values.push({
        subscriptionId: sub.id,
        deliverOn: on,
        cutoffAt: cutoffOf(on, cutoffDays),
        status: "scheduled" as const,
        plan: sub.plan,
        zone,
        items: await contents(on, zone, sub.plan),
        amount: sub.price,
        currency: sub.currency,
        createdAt: now,
        updatedAt: now,
      });
    }
    const inserted = await tx
      .insert(boxes)
      .values(values)
      .onConflictDoNothing({ target: [boxes.subscriptionId, boxes.deliverOn] })
      .returning();
    for (const b of inserted) found.set(b.subscriptionId, b);
  }
  // A plan changed since the box was made: the box follows the plan until it is charged.
  for (const { sub } of wanted) {
    const box = found.get(sub.id);
    if (!box || box.status !== "scheduled" || box.plan === sub.plan) continue;
    const items = await contents(box.deliverOn, box.zone, sub.plan);
    const [remade] = await tx
      .update(boxes)
      .set({ plan: sub.plan, items, amount: sub.price, updatedAt: now })
      .where(eq(boxes.id, box.id))
      .returning();
    found.set(sub.id, remade!);
  }
  return found;
}
