// The admin's view of launch waves (issue 22, ADR 041): each wave with its spots and how many
// invitations were sent, claimed and expired, newest first within each region.
import { sql } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";

export interface LaunchWaveRow {
  id: string;
  region: string;
  spots: number;
  createdBy: string;
  createdAt: Date;
  sent: number;
  claimed: number;
  expired: number;
}

export async function listLaunchWaves(): Promise<LaunchWaveRow[]> {
  const result = (await db().execute(sql`
    select w.id, w.region, w.spots, w.created_by, w.created_at,
           count(i.id)::int as sent,
           count(i.claimed_at)::int as claimed,
           count(i.expired_at)::int as expired
    from launch_waves w left join wave_invitations i on i.wave_id = w.id
    group by w.id
    order by w.region, w.created_at desc`)) as unknown as {
    rows: {
      id: string;
      region: string;
      spots: number;
      created_by: string;
      created_at: string | Date;
      sent: number;
      claimed: number;
      expired: number;
    }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    region: r.region,
    spots: Number(r.spots),
    createdBy: r.created_by,
    createdAt: new Date(r.created_at),
    sent: Number(r.sent),
    claimed: Number(r.claimed),
    expired: Number(r.expired),
  }));
}
