// A move to another region's queue, by the contact's own say (issue 36 finding 12, ADR 065).
// Anyone can re-join with a contact's address (and their id, inside every link they were sent), so
// a re-join naming another region moves nobody: it e-mails the address a signed link to the move,
// and only that link, opened by whoever reads the contact's mail, moves them (the page's button,
// as the confirm link's: mail scanners open links). Signed in as the contact, a re-join moves them
// at once (ADR 061).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { contacts } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { deliverEmailOnce, defineSendJob } from "#app/modules/notifications/deliver-once.server.ts";
import { isNzRegion } from "#app/lib/nz-regions.ts";

const PURPOSE = "waitlist-region-move";
const LINK_DAYS = 7;

/** The signed link that moves this contact to `region` (subject `${id}:${issuedAt}:${region}`). */
export function moveRegionUrl(contactId: string, region: string, now = Date.now()): string {
  const token = signToken(
    PURPOSE,
    `${contactId}:${now}:${region}`,
    new Date(now + LINK_DAYS * 86_400_000),
  );
  return `${settings().siteUrl}/waitlist/move?token=${token}`;
}

export interface MoveLink {
  contactId: string;
  region: string;
  issuedAt: number;
}

const uuid = z.uuid();

/** The contact and region of a genuine, unexpired move link; otherwise null. */
export function readMoveLink(token: string | null | undefined): MoveLink | null {
  const subject = verifyToken(PURPOSE, token);
  if (!subject) return null;
  const [contactId = "", issued = "", ...rest] = subject.split(":");
  const region = rest.join(":");
  if (!uuid.safeParse(contactId).success || !/^\d+$/.test(issued) || !isNzRegion(region))
    return null;
  return { contactId, region, issuedAt: Number(issued) };
}

export const sendRegionMoveJob = defineSendJob(
  "waitlist.send-region-move",
  z.object({ contactId: z.uuid(), region: z.string(), key: z.string() }),
  (p) => sendRegionMove(p),
);

/** In the join's transaction: the e-mail asking the contact whether to move (one in 10 minutes). */
export async function askToMoveRegion(tx: Database, contactId: string, region: string) {
  await enqueue(
    tx,
    sendRegionMoveJob,
    { contactId, region, key: `waitlist-region-move:${crypto.randomUUID()}` },
    { singletonKey: `region-move:${contactId}`, singletonSeconds: 600 },
  );
}

export async function sendRegionMove(p: { contactId: string; region: string; key: string }) {
  const [contact] = await db().select().from(contacts).where(eq(contacts.id, p.contactId));
  if (!contact || contact.region === p.region) return "not-needed";
  const s = settings();
  return deliverEmailOnce({
    key: p.key,
    template: "waitlist-region-move",
    to: contact.email,
    resourceType: "contact",
    resourceId: contact.id,
    message: () => ({
      to: contact.email,
      ...renderEmail({
        subject: `Move your ${s.brandName} waitlist place to ${p.region}?`,
        preheader: `Someone joined the waitlist with your address for ${p.region}.`,
        heading: `Move to ${p.region}?`,
        paragraphs: [
          `Someone joined the ${s.brandName} waitlist with this address for ${p.region}. You're on it for ${contact.region ?? "your region"}, and you stay there unless you move.`,
          `If it was you, press the button to move your place to ${p.region}'s queue. The link works for ${LINK_DAYS} days. If it wasn't you, ignore this e-mail: nothing changes.`,
        ],
        button: { label: `Move me to ${p.region}`, url: moveRegionUrl(contact.id, p.region) },
        reason: `You're getting this because this address is on the ${s.brandName} waitlist.`,
      }),
    }),
  });
}

type MoveResult = Outcome<{ email: string; from: string | null; region: string; moved: boolean }>;

const LINK_GONE = "That move link didn't work: it may have expired or been copied only in part.";

/** What the link would do, without doing it (the page a visit shows). */
export async function readMoveRegion(token: string | null): Promise<MoveResult> {
  const link = readMoveLink(token);
  if (!link) return failure("not-found", LINK_GONE);
  const [contact] = await db().select().from(contacts).where(eq(contacts.id, link.contactId));
  if (!contact) return failure("not-found", LINK_GONE);
  return {
    ok: true,
    email: contact.email,
    from: contact.region,
    region: link.region,
    moved: contact.region === link.region,
  };
}

/** The link's button: moves the contact to the link's region's queue (again: nothing more). */
export async function moveRegion(token: string | null): Promise<MoveResult> {
  const link = readMoveLink(token);
  if (!link) return failure("not-found", LINK_GONE);
  return db().transaction(async (tx) => {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(eq(contacts.id, link.contactId))
      .for("update");
    if (!contact) return failure("not-found", LINK_GONE);
    if (contact.region !== link.region)
      await tx
        .update(contacts)
        .set({
          region: link.region,
          address: { ...contact.address, state: link.region, country: "New Zealand" },
          updatedAt: new Date(),
        })
        .where(eq(contacts.id, contact.id));
    return {
      ok: true,
      email: contact.email,
      from: contact.region,
      region: link.region,
      moved: true,
    };
  });
}
