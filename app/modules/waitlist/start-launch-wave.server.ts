// An admin starts a launch wave for a region (issue 22, ADR 041): the region goes into waves
// (subscriptions only from the invited who claimed, ADR 060) and the first N not-yet-invited
// people of its queue each get a claim link, in one transaction under the region's lock, so two
// presses at once never invite the same person twice. Each press is a new wave of N more.
import { sql } from "drizzle-orm";
import { launchWaves } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import {
  CAPACITY_MESSAGES,
  waveFirstDayRoom,
} from "#app/modules/subscriptions/packing-capacity.server.ts";
import { startRegionWaves } from "#app/modules/subscriptions/regions.server.ts";
import { inviteNextInQueue, lockRegionWaves } from "./wave-invitations.server.ts";

export const MAX_WAVE_SPOTS = 5000;

export const startLaunchWaveSchema = z.object({
  region: z.enum(NZ_REGIONS, { message: "Please choose one of New Zealand's 16 regions." }),
  spots: z.coerce
    .number({ message: "Say how many spots packing can take, like 50." })
    .int({ message: "Say how many spots packing can take, like 50." })
    .min(1, { message: "A wave needs at least 1 spot." })
    .max(MAX_WAVE_SPOTS, { message: `A wave can have at most ${MAX_WAVE_SPOTS} spots.` }),
});

export type StartLaunchWaveOutcome = Outcome<{ waveId: string | null; invited: number }>;

export async function startLaunchWave(options: {
  input: unknown;
  createdBy: string;
  now?: Date;
}): Promise<StartLaunchWaveOutcome> {
  const parsed = startLaunchWaveSchema.safeParse(options.input);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]!.message, {
      fieldErrors: fieldErrors(parsed.error),
    });
  const { region, spots } = parsed.data;
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    await lockRegionWaves(tx, region);
    // No more invited than the wave's first packing day has room for (ADR 077 addendum).
    const room = await waveFirstDayRoom(tx, now);
    if (spots > room.left) {
      const message = CAPACITY_MESSAGES.waveTooBig(room.day, room.left);
      return failure("conflict", message, { fieldErrors: { spots: message } });
    }
    const waiting = (await tx.execute(sql`
      select count(*)::int as n from contacts c
      where c.region = ${region} and c.confirmed_at is not null and c.unsubscribed_at is null
        and not exists (select 1 from wave_invitations i
                        where i.region = ${region} and i.contact_id = c.id)`)) as unknown as {
      rows: { n: number }[];
    };
    if (Number(waiting.rows[0]?.n ?? 0) === 0)
      return {
        ok: true as const,
        waveId: null,
        invited: 0,
        message: `Nobody in ${region}'s queue is waiting for an invitation: no wave was started.`,
      };
    // Not opened: in waves, only the invited who claimed may subscribe there (ADR 060); the
    // admin's full opening (open-region) lets everyone in.
    await startRegionWaves(region, tx, now);
    const [wave] = await tx
      .insert(launchWaves)
      .values({ region, spots, createdBy: options.createdBy, createdAt: now })
      .returning({ id: launchWaves.id });
    const invited = await inviteNextInQueue(tx, { waveId: wave!.id, region, count: spots, now });
    return {
      ok: true as const,
      waveId: wave!.id,
      invited: invited.length,
      message: `Wave started in ${region}: ${invited.length} ${invited.length === 1 ? "invitation" : "invitations"} on their way.`,
    };
  });
}
