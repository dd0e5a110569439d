// Launch-wave invitations (issue 22, ADR 041): inviting the next people of a region's queue, the
// invitation e-mail with its signed claim link, and the per-region lock every change of a region's
// invitations takes, so a wave and a roll-over never hand the same person or spot out twice.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { contacts, waveInvitations } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { defineJob, enqueueMany } from "#app/lib/queue.server.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import {
  deliverEmailOnce,
  SEND_JOB_RETRIES,
} from "#app/modules/notifications/deliver-once.server.ts";
import { oneClickUnsubscribeUrl, unsubscribeUrl } from "./contact-links.server.ts";
import { rankedQueue } from "./queue-order.server.ts";
import { nzDayAndTime } from "#app/lib/nz-time.ts";

const CLAIM_PURPOSE = "wave-claim";
const inviteKey = (invitationId: string) => `wave-invite:${invitationId}`;

/**
 * The claim link. It carries no expiry of its own: the invitation's row says whether it still
 * holds, so a late click is told it expired rather than that the link is unknown.
 */
export function claimUrl(invitationId: string): string {
  return `${settings().siteUrl}/waitlist/claim?token=${signToken(CLAIM_PURPOSE, invitationId)}`;
}

/** The invitation id of a genuine claim link; otherwise null. */
export function readClaimToken(token: string | null | undefined): string | null {
  const id = verifyToken(CLAIM_PURPOSE, token);
  return id && z.uuid().safeParse(id).success ? id : null;
}

/** Serialises every change to one region's invitations (waves, roll-overs) until commit. */
export async function lockRegionWaves(tx: Database, region: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`waves:${region}`}, 0))`);
}

export const sendWaveInvitationJob = defineJob({
  name: "waitlist.send-wave-invitation",
  payload: z.object({ invitationId: z.uuid() }),
  ...SEND_JOB_RETRIES,
  handle: async ({ invitationId }) => {
    const [row] = await db()
      .select({ invitation: waveInvitations, contact: contacts })
      .from(waveInvitations)
      .innerJoin(contacts, eq(contacts.id, waveInvitations.contactId))
      .where(eq(waveInvitations.id, invitationId));
    if (!row) return;
    const { invitation, contact } = row;
    if (contact.unsubscribedAt || !contact.confirmedAt) return;
    if (invitation.claimedAt || invitation.expiredAt) return;
    const s = settings();
    const region = invitation.region;
    await deliverEmailOnce({
      key: inviteKey(invitationId),
      template: "waitlist-wave-invitation",
      to: contact.email,
      resourceType: "contact",
      resourceId: contact.id,
      message: () => ({
        to: contact.email,
        ...renderEmail({
          subject: `Your spot is ready: ${s.brandName} is starting in ${region}`,
          preheader: `Claim your first box before ${nzDayAndTime(invitation.expiresAt)}.`,
          heading: `A spot for you in ${region}`,
          paragraphs: [
            `Kia ora! ${s.brandName} is starting in ${region} a few gardens at a time, and you're next in the queue. We've set aside a spot for you in this month's packing.`,
            `Your spot is held until ${nzDayAndTime(invitation.expiresAt)} (New Zealand time). After that it goes to the next person waiting, and you keep your place on the waitlist.`,
          ],
          button: { label: "Claim my spot", url: claimUrl(invitationId) },
          reason: `You're getting this because you joined the ${s.brandName} waitlist for ${region} and confirmed your e-mail.`,
          unsubscribeUrl: unsubscribeUrl(contact.id),
          oneClickUnsubscribeUrl: oneClickUnsubscribeUrl(contact.id),
        }),
      }),
    });
  },
});

/**
 * Invites the next `count` people of the region's queue not yet invited in it (referral-adjusted
 * place, then sign-up time), each with one e-mail job written in the same transaction. With
 * `replaces`, the i-th new invitation takes the i-th expired one's spot (once: `replaces_id` is
 * unique). Call under `lockRegionWaves`. Answers the contacts invited, in queue order.
 */
export async function inviteNextInQueue(
  tx: Database,
  options: { waveId: string; region: string; count: number; now: Date; replaces?: string[] },
): Promise<string[]> {
  const { waveId, region, count, now, replaces } = options;
  if (count <= 0) return [];
  const next = (await tx.execute(sql`
    with ${rankedQueue(region)}
    select r.id from ranked r
    where not exists (select 1 from wave_invitations i
                      where i.region = ${region} and i.contact_id = r.id)
    order by r.place
    limit ${count}`)) as unknown as { rows: { id: string }[] };
  const contactIds = next.rows.map((r) => r.id);
  if (contactIds.length === 0) return [];
  const expiresAt = new Date(now.getTime() + settings().waveClaimHours * 3_600_000);
  const made = await tx
    .insert(waveInvitations)
    .values(
      contactIds.map((contactId, i) => ({
        waveId,
        contactId,
        region,
        sentAt: now,
        expiresAt,
        replacesId: replaces?.[i] ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: waveInvitations.id, contactId: waveInvitations.contactId });
  // One statement for all of them: a press of 5,000 spots took 16 s job by job (bench waves).
  await enqueueMany(
    tx,
    sendWaveInvitationJob,
    made.map((invitation) => ({
      payload: { invitationId: invitation.id },
      options: { singletonKey: inviteKey(invitation.id) },
    })),
  );
  const invited = new Set(made.map((m) => m.contactId));
  return contactIds.filter((id) => invited.has(id));
}
