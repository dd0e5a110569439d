// The one place a contact's consent to the waitlist e-mail is written (the form's join, the merge
// of a known address, a gift's held spot): the exact words the person saw, where, and from which
// connection. Always inside the transaction that makes or updates the contact, so a contact is
// never saved without the consent it was saved on.
import { contactConsents } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";

export interface ConsentGiven {
  contactId: string;
  /** The exact words beside the button. */
  statement: string;
  /** The page it was given on (an absolute URL or a source name). */
  source: string;
  ip?: string | null;
  /** Cut to 500 characters: a header is the sender's to make as long as they like. */
  userAgent?: string | null;
  givenAt?: Date;
}

export async function recordConsents(tx: Database, given: ConsentGiven[]): Promise<void> {
  if (given.length === 0) return;
  await tx.insert(contactConsents).values(
    given.map((g) => ({
      contactId: g.contactId,
      purpose: "waitlist_email",
      statement: g.statement,
      source: g.source,
      ip: g.ip ?? null,
      userAgent: g.userAgent?.slice(0, 500) ?? null,
      ...(g.givenAt && { givenAt: g.givenAt }),
    })),
  );
}
