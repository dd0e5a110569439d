// Which regions take subscriptions (issue 21). A region is waitlist-only until an admin opens it;
// opening is for good (closing one with running subscriptions is a later decision). In between, a
// region in launch waves (ADR 041) takes subscriptions only from members holding a claimed
// invitation there (ADR 060): the wave's spots are what packing can take, so they are the gate.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { contacts, regions, users, waveInvitations } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { NZ_REGIONS, type NzRegion } from "#app/lib/nz-regions.ts";
import { SUBSCRIBE_MESSAGES } from "./subscribe.schema.ts";

/** The regions open for subscriptions, in the usual north-to-south order. */
export async function listOpenRegions(): Promise<NzRegion[]> {
  const rows = await db()
    .select({ name: regions.name })
    .from(regions)
    .where(eq(regions.status, "open"));
  const open = new Set(rows.map((r) => r.name));
  return NZ_REGIONS.filter((r) => open.has(r));
}

export async function isRegionOpen(region: string, tx: Database = db()): Promise<boolean> {
  const [row] = await tx
    .select({ status: regions.status })
    .from(regions)
    .where(eq(regions.name, region));
  return row?.status === "open";
}

/** Opens a region; `opened` is false when it was open already (nothing changes then). */
export async function openRegion(
  region: NzRegion,
  openedBy: string,
  now = new Date(),
  tx: Database = db(),
): Promise<{ opened: boolean }> {
  const changed = await tx
    .insert(regions)
    .values({ name: region, status: "open", openedAt: now, openedBy, updatedAt: now })
    .onConflictDoUpdate({
      target: regions.name,
      set: { status: "open", openedAt: now, openedBy, updatedAt: now },
      setWhere: inArray(regions.status, ["waitlist", "waves"]),
    })
    .returning({ name: regions.name });
  return { opened: changed.length > 0 };
}

/** A launch wave's region: in waves until an admin opens it fully (an open one stays open). */
export async function startRegionWaves(
  region: NzRegion,
  tx: Database,
  now = new Date(),
): Promise<void> {
  await tx
    .insert(regions)
    .values({ name: region, status: "waves", updatedAt: now })
    .onConflictDoUpdate({
      target: regions.name,
      set: { status: "waves", updatedAt: now },
      setWhere: eq(regions.status, "waitlist"),
    });
}

/** The regions in launch waves, in the usual order. */
export async function listWaveRegions(tx: Database = db()): Promise<NzRegion[]> {
  const rows = await tx
    .select({ name: regions.name })
    .from(regions)
    .where(eq(regions.status, "waves"));
  const waves = new Set(rows.map((r) => r.name));
  return NZ_REGIONS.filter((r) => waves.has(r));
}

/**
 * The wave regions where this member holds a claimed invitation: the invited contact's address is
 * their verified account's. A claim was made before its link expired, and the roll-over never
 * hands a claimed spot on, so a claim keeps holding its spot.
 */
async function claimedWaveRegions(userId: string, tx: Database): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ region: waveInvitations.region })
    .from(waveInvitations)
    .innerJoin(contacts, eq(contacts.id, waveInvitations.contactId))
    .innerJoin(users, sql`lower(${users.email}) = lower(${contacts.email})`)
    .where(
      and(
        eq(users.id, userId),
        eq(users.emailVerified, true),
        isNotNull(waveInvitations.claimedAt),
        isNull(waveInvitations.expiredAt),
      ),
    );
  return new Set(rows.map((r) => r.region));
}

/** Where this member may start a subscription: the open regions and their claimed wave regions. */
export async function listRegionsFor(userId: string, tx: Database = db()): Promise<NzRegion[]> {
  const [open, waves, claimed] = await Promise.all([
    listOpenRegions(),
    listWaveRegions(tx),
    claimedWaveRegions(userId, tx),
  ]);
  const mine = new Set<string>([...open, ...waves.filter((r) => claimed.has(r))]);
  return NZ_REGIONS.filter((r) => mine.has(r));
}

/** Why this member may not start a subscription in `region`, in their words; null when they may. */
export async function regionRefusal(
  region: string,
  userId: string,
  tx: Database = db(),
): Promise<string | null> {
  const [row] = await tx
    .select({ status: regions.status })
    .from(regions)
    .where(eq(regions.name, region));
  if (row?.status === "open") return null;
  if (row?.status === "waves")
    return (await claimedWaveRegions(userId, tx)).has(region)
      ? null
      : SUBSCRIBE_MESSAGES.regionByInvitation(region);
  return SUBSCRIBE_MESSAGES.regionClosed(region);
}
