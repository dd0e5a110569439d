// Launch-wave roll-over (issue 22, ADR 041): every quarter hour, invitations past their expiry and
// not claimed are marked expired and each freed spot goes to the next person in that region's
// queue, once. Per region, one transaction under the region's lock with the expiring rows locked:
// a second run, at once or later, finds nothing left to expire and changes nothing.
import { sql } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { defineCronJob } from "#app/lib/queue.server.ts";
import { inviteNextInQueue, lockRegionWaves } from "./wave-invitations.server.ts";

export interface RollOverTally {
  expired: number;
  invited: number;
}

export async function rollOverWaves(options: { now?: Date } = {}): Promise<RollOverTally> {
  const now = options.now ?? new Date();
  const due = (await db().execute(sql`
    select distinct region from wave_invitations
    where claimed_at is null and expired_at is null and expires_at <= ${now.toISOString()}::timestamptz`)) as unknown as {
    rows: { region: string }[];
  };
  const tally: RollOverTally = { expired: 0, invited: 0 };
  for (const { region } of due.rows) {
    const result = await db().transaction(async (tx) => {
      await lockRegionWaves(tx, region);
      const expired = (await tx.execute(sql`
        update wave_invitations set expired_at = ${now.toISOString()}::timestamptz
        where id in (select id from wave_invitations
                     where region = ${region} and claimed_at is null and expired_at is null
                       and expires_at <= ${now.toISOString()}::timestamptz
                     for update)
        returning id, wave_id, sent_at`)) as unknown as {
        rows: { id: string; wave_id: string; sent_at: string }[];
      };
      // Oldest invitation first, so the freed spots are refilled in the order they were given.
      const rows = expired.rows.toSorted(
        (a, b) => +new Date(a.sent_at) - +new Date(b.sent_at) || a.id.localeCompare(b.id),
      );
      let invited = 0;
      const byWave = Map.groupBy(rows, (r) => r.wave_id);
      for (const [waveId, freed] of byWave) {
        const made = await inviteNextInQueue(tx, {
          waveId,
          region,
          count: freed.length,
          now,
          replaces: freed.map((f) => f.id),
        });
        invited += made.length;
      }
      return { expired: rows.length, invited };
    });
    tally.expired += result.expired;
    tally.invited += result.invited;
  }
  return tally;
}

export const rollOverWavesJob = defineCronJob({
  name: "waitlist.roll-over-waves",
  cron: "*/15 * * * *",
  retryLimit: 3,
  run: () => rollOverWaves(),
});
