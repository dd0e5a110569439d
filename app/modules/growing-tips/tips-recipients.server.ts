// Who gets the monthly growing tips: every confirmed, still-subscribed waitlist contact and every
// member with a verified e-mail who hasn't switched them off, one message per e-mail address. A
// member who is also a contact is written to as the member (their profile's region first), and
// their profile's switch decides: a waitlist unsubscribe is carried into it when the contact
// becomes a member and whenever they unsubscribe later, so the switch always shows the truth.
import { eq, isNotNull, or, sql } from "drizzle-orm";
import { contacts, profiles, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { isNzRegion, type NzRegion } from "#app/lib/nz-regions.ts";

export interface TipsRecipient {
  /** Lower-cased: the key a month's message is sent once by. */
  email: string;
  kind: "member" | "contact";
  /** The user id of a member, the contact id of a contact: their unsubscribe link's subject. */
  id: string;
  name: string | null;
  region: NzRegion | null;
}

export interface MemberRow {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  fullName: string | null;
  tipsOptedOutAt: Date | null;
  state: string | null;
  addressRegion: string | null;
}

export interface ContactRow {
  id: string;
  email: string;
  name: string | null;
  region: string | null;
  state: string | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

const regionOf = (...candidates: (string | null | undefined)[]): NzRegion | null =>
  candidates.find(isNzRegion) ?? null;

/** One recipient per address, by the rules above; pure so the send job can re-check one person. */
export function chooseTipsRecipients(
  members: readonly MemberRow[],
  contactRows: readonly ContactRow[],
): TipsRecipient[] {
  const byEmail = new Map<string, { member?: MemberRow; contact?: ContactRow }>();
  const entry = (email: string) => {
    const key = email.trim().toLowerCase();
    let found = byEmail.get(key);
    if (!found) byEmail.set(key, (found = {}));
    return found;
  };
  for (const m of members) entry(m.email).member = m;
  for (const c of contactRows) entry(c.email).contact = c;

  const recipients: TipsRecipient[] = [];
  for (const [email, { member, contact }] of byEmail) {
    if (member?.emailVerified) {
      if (member.tipsOptedOutAt) continue;
      recipients.push({
        email,
        kind: "member",
        id: member.id,
        name: member.fullName?.trim() || member.name?.trim() || contact?.name?.trim() || null,
        region: regionOf(member.state, member.addressRegion, contact?.region, contact?.state),
      });
    } else if (contact?.confirmedAt && !contact.unsubscribedAt && !member?.tipsOptedOutAt) {
      recipients.push({
        email,
        kind: "contact",
        id: contact.id,
        name: contact.name?.trim() || null,
        region: regionOf(contact.region, contact.state),
      });
    }
  }
  return recipients.sort((a, b) => a.email.localeCompare(b.email));
}

const memberColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  name: users.name,
  fullName: profiles.fullName,
  tipsOptedOutAt: profiles.tipsOptedOutAt,
  state: sql<string | null>`${profiles.address}->>'state'`,
  addressRegion: sql<string | null>`${profiles.address}->>'region'`,
};

const contactColumns = {
  id: contacts.id,
  email: contacts.email,
  name: contacts.name,
  region: contacts.region,
  state: sql<string | null>`${contacts.address}->>'state'`,
  confirmedAt: contacts.confirmedAt,
  unsubscribedAt: contacts.unsubscribedAt,
};

/** Everyone who gets this month's tips. */
export async function listTipsRecipients(): Promise<TipsRecipient[]> {
  const [members, contactRows] = await Promise.all([
    db().select(memberColumns).from(users).leftJoin(profiles, eq(profiles.id, users.id)),
    db()
      .select(contactColumns)
      .from(contacts)
      // Contacts who never confirmed only matter if they unsubscribed (which also stops a member).
      .where(or(isNotNull(contacts.confirmedAt), isNotNull(contacts.unsubscribedAt))),
  ]);
  return chooseTipsRecipients(members, contactRows);
}

/** The recipient for one address as things stand now, or null if they no longer get tips. */
export async function tipsRecipientFor(email: string): Promise<TipsRecipient | null> {
  // Both tables keep addresses lower-cased (the waitlist and better-auth do): the unique
  // indexes find them.
  const key = email.trim().toLowerCase();
  const [members, contactRows] = await Promise.all([
    db()
      .select(memberColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.email, key)),
    db().select(contactColumns).from(contacts).where(eq(contacts.email, key)),
  ]);
  return chooseTipsRecipients(members, contactRows)[0] ?? null;
}
