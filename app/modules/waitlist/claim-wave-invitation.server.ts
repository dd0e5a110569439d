// A launch-wave claim link (issue 22, ADR 041): what the link's page shows, and claiming the spot
// (the claim is recorded once; a second press finds it claimed and goes on to /subscribe too). A
// link past its time, one whose spot has passed on, or one we don't know is refused, and the
// person keeps their place on the waitlist.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { contacts, waveInvitations } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { readClaimToken } from "./wave-invitations.server.ts";

export type WaveInvitationState =
  | { state: "unknown" }
  | { state: "expired"; region: string }
  | {
      state: "open" | "claimed";
      region: string;
      email: string;
      plan: string | null;
      expiresAt: Date;
    };

/** What the claim link's page passes: the link's token, and the time (now by default). */
export interface WaveInvitationRequest {
  token: string | null | undefined;
  now?: Date;
}

export async function readWaveInvitation(
  options: WaveInvitationRequest,
): Promise<WaveInvitationState> {
  const id = readClaimToken(options.token);
  return id ? invitationState(id, options.now ?? new Date()) : { state: "unknown" };
}

/** The state of the invitation with this id at `now`. */
async function invitationState(id: string, now: Date): Promise<WaveInvitationState> {
  const [row] = await db()
    .select({ invitation: waveInvitations, email: contacts.email, plan: contacts.plan })
    .from(waveInvitations)
    .innerJoin(contacts, eq(contacts.id, waveInvitations.contactId))
    .where(eq(waveInvitations.id, id));
  if (!row) return { state: "unknown" };
  const { invitation } = row;
  const details = {
    region: invitation.region,
    email: row.email,
    plan: row.plan,
    expiresAt: invitation.expiresAt,
  };
  if (invitation.claimedAt) return { state: "claimed", ...details };
  if (invitation.expiredAt || invitation.expiresAt <= now)
    return { state: "expired", region: invitation.region };
  return { state: "open", ...details };
}

/** Records the claim once, while the spot is held; answers the invitation's state after. */
export async function claimWaveInvitation(
  options: WaveInvitationRequest,
): Promise<WaveInvitationState> {
  const id = readClaimToken(options.token);
  if (!id) return { state: "unknown" };
  const now = options.now ?? new Date();
  // One statement: the roll-over's expiry and this claim can't both win the same row.
  await db()
    .update(waveInvitations)
    .set({ claimedAt: now })
    .where(
      and(
        eq(waveInvitations.id, id),
        isNull(waveInvitations.claimedAt),
        isNull(waveInvitations.expiredAt),
        gt(waveInvitations.expiresAt, sql`${now.toISOString()}::timestamptz`),
      ),
    );
  return invitationState(id, now);
}
