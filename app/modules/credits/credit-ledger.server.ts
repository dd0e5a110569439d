// The credits ledger's few moves (ADR 040), shared by its use-cases, the renewal and referrals: the
// per-member lock every debit waits for, the balance (always the SUM of the rows, never a stored
// number) and adding a row once per request key. Rows are only ever inserted.
import { eq, inArray, sql } from "drizzle-orm";
import { boxes, creditEntries, subscriptions, type CreditKind } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";

export type CreditEntry = typeof creditEntries.$inferSelect;

/** Largest credit or debit an admin makes at once, in cents ($500); the smallest is 1 cent. */
export const MAX_ADMIN_CREDIT = 50_000;

/**
 * Holds the member's credits lock until the transaction ends: whatever reads the balance and then
 * writes a debit does both under it, so concurrent debits can't each spend the same credit. Taken
 * last, after any row locks, so it never waits in a cycle.
 */
export async function lockCredits(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`credits:${userId}`}, 0))`);
}

/**
 * Cents held per member by renewal charges in flight (ADR 064): a claimed box's share of credit,
 * not yet a ledger row (it becomes one when the charge is recorded, or is let go when it fails).
 */
async function heldBy(tx: Database, userIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (userIds.length === 0) return out;
  const rows = await tx
    .select({ userId: subscriptions.userId, held: sql<number>`sum(${boxes.creditHeld})::int` })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .where(
      sql`${subscriptions.userId} in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${boxes.claimedAt} is not null and ${boxes.creditHeld} > 0`,
    )
    .groupBy(subscriptions.userId);
  for (const r of rows) out.set(r.userId, Number(r.held));
  return out;
}

/**
 * The member's balance in cents: the sum of their rows, less what a renewal charge in flight holds
 * (so nothing spends the same credit while the card is being charged).
 */
export async function balanceOf(tx: Database, userId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${creditEntries.amount}), 0)::int` })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId));
  const held = (await heldBy(tx, [userId])).get(userId) ?? 0;
  return Number(row?.total ?? 0) - held;
}

export interface NewCreditEntry {
  userId: string;
  amount: number;
  kind: CreditKind;
  note?: string | null;
  /** The admin's user id; none for the system. */
  createdBy?: string | null;
  requestKey: string;
  now?: Date;
}

/** The row already written under this request key, if any. */
export async function entryByKey(tx: Database, requestKey: string): Promise<CreditEntry | null> {
  const [found] = await tx
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.requestKey, requestKey));
  return found ?? null;
}

/** The row as written. */
function rowOf(entry: NewCreditEntry) {
  return {
    userId: entry.userId,
    amount: entry.amount,
    kind: entry.kind,
    note: entry.note ?? null,
    createdBy: entry.createdBy ?? null,
    requestKey: entry.requestKey,
    // The moment of writing, under the lock (not the transaction's start): rows in this order
    // are the order the balance moved in.
    createdAt: entry.now ?? sql`clock_timestamp()`,
  };
}

/** Adds the row unless its request key is there already; answers the row and whether it is new. */
export async function addCreditEntry(
  tx: Database,
  entry: NewCreditEntry,
): Promise<{ entry: CreditEntry; added: boolean }> {
  const [made] = await tx
    .insert(creditEntries)
    .values(rowOf(entry))
    .onConflictDoNothing({ target: creditEntries.requestKey })
    .returning();
  if (made) return { entry: made, added: true };
  return { entry: (await entryByKey(tx, entry.requestKey))!, added: false };
}

/**
 * The balances of those of these members who have credit, each locked (in id order, so two
 * callers never wait on each other in a cycle) and read again under its lock. A member without
 * credit is neither locked nor listed: credit granted meanwhile simply waits for the next box.
 */
export async function lockedBalances(
  tx: Database,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (userIds.length === 0) return out;
  const sumOf = sql<number>`coalesce(sum(${creditEntries.amount}), 0)::int`;
  const holders = await tx
    .select({ userId: creditEntries.userId })
    .from(creditEntries)
    .where(inArray(creditEntries.userId, [...new Set(userIds)]))
    .groupBy(creditEntries.userId)
    .having(sql`sum(${creditEntries.amount}) > 0`);
  const ids = holders.map((h) => h.userId).sort();
  if (ids.length === 0) return out;
  for (const id of ids) await lockCredits(tx, id);
  const held = await tx
    .select({ userId: creditEntries.userId, total: sumOf })
    .from(creditEntries)
    .where(inArray(creditEntries.userId, ids))
    .groupBy(creditEntries.userId);
  const holds = await heldBy(tx, ids);
  for (const h of held) {
    const spendable = Number(h.total) - (holds.get(h.userId) ?? 0);
    if (spendable > 0) out.set(h.userId, spendable);
  }
  return out;
}

/** Writes several rows at once (the renewal's debits), each once per request key. */
export async function addCreditEntries(
  tx: Database,
  entries: readonly NewCreditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(creditEntries)
    .values(entries.map(rowOf))
    .onConflictDoNothing({ target: creditEntries.requestKey });
}
