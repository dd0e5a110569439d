// Which regions take subscriptions (issue 21). A region is waitlist-only until an admin opens it;
// opening is for good (closing one with running subscriptions is a later decision).
import { eq } from "drizzle-orm";
import { regions } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { NZ_REGIONS, type NzRegion } from "#app/lib/nz-regions.ts";

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
      setWhere: eq(regions.status, "waitlist"),
    })
    .returning({ name: regions.name });
  return { opened: changed.length > 0 };
}
