// The suppression list (ADR 066): addresses that bounced for good or whose owner marked our mail
// as spam, reported by the mail provider's webhook (app/modules/notifications/bounce-webhook), or
// entered by an admin. sendMail() asks it before every message, so no part of the app can mail
// such an address; what is held back is logged and counted.
import { desc, eq, inArray, sql } from "drizzle-orm";
import { emailSuppressions } from "#db/schema/index.ts";
import { batched } from "./batch.server.ts";
import { db } from "./db.server.ts";

export type SuppressionReason = "bounce" | "complaint";
export type SuppressionSource = "postmark" | "ses" | "admin";

export interface Suppression {
  address: string;
  reason: SuppressionReason;
  source: SuppressionSource;
  detail?: string | null;
  eventId?: string | null;
  occurredAt: Date;
}

/** One spelling per mailbox: "Kiri <Kiri@Example.NZ>" and " kiri@example.nz" are one address. */
export function normaliseAddress(address: string): string {
  const angled = /<([^<>]+)>\s*$/.exec(address);
  return (angled ? angled[1]! : address).trim().toLowerCase();
}

/**
 * Whether each address is suppressed, one statement for all the sends of a moment (a launch
 * spike's confirmations ask together, ARCHITECTURE.md "group commit").
 */
const lookUp = batched<string, boolean>(async (addresses) => {
  const rows = await db()
    .select({ address: emailSuppressions.address })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.address, [...new Set(addresses)]));
  const found = new Set(rows.map((r) => r.address));
  return addresses.map((a) => found.has(a));
});

export function isSuppressed(address: string): Promise<boolean> {
  return lookUp(normaliseAddress(address));
}

/**
 * Adds the addresses; one already listed keeps its first entry, so a webhook delivered twice (or
 * a bounce after a complaint) changes nothing. Answers how many were new.
 */
export async function suppress(entries: Suppression[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = entries.map((e) => ({
    address: normaliseAddress(e.address),
    reason: e.reason,
    source: e.source,
    detail: e.detail?.slice(0, 500) ?? null,
    eventId: e.eventId?.slice(0, 200) ?? null,
    occurredAt: e.occurredAt,
  }));
  const unique = [...new Map(rows.map((r) => [r.address, r])).values()];
  const made = await db()
    .insert(emailSuppressions)
    .values(unique)
    .onConflictDoNothing()
    .returning({ address: emailSuppressions.address });
  return made.length;
}

/** Lets mail go to the address again (an admin's decision). Answers whether it was listed. */
export async function unsuppress(address: string): Promise<boolean> {
  const gone = await db()
    .delete(emailSuppressions)
    .where(eq(emailSuppressions.address, normaliseAddress(address)))
    .returning({ address: emailSuppressions.address });
  return gone.length > 0;
}

/** The newest entries first, or those whose address contains `search`. */
export async function listSuppressions({ search = "", limit = 100 } = {}) {
  const q = search.trim().toLowerCase();
  const rows = await db()
    .select()
    .from(emailSuppressions)
    .where(q ? sql`strpos(${emailSuppressions.address}, ${q}) > 0` : undefined)
    .orderBy(desc(emailSuppressions.createdAt))
    .limit(limit);
  const [{ total } = { total: 0 }] = await db()
    .select({ total: sql<number>`count(*)::int` })
    .from(emailSuppressions);
  return { rows, total: Number(total) };
}

let heldBack = 0;

/** Messages not sent because their address is suppressed, since this process started. */
export function suppressedSends(): number {
  return heldBack;
}

export function countSuppressedSend(): void {
  heldBack++;
}
