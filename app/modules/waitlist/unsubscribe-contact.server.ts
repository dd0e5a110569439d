// One-click unsubscribe from a signed link, no sign-in needed; the consent is marked withdrawn.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { contactConsents, contacts, profiles, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { readUnsubscribeToken } from "./contact-links.server.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";

export async function unsubscribeContact(
  token: string | null,
): Promise<{ ok: true; email: string } | { ok: false }> {
  const id = readUnsubscribeToken(token);
  if (!id) return { ok: false };
  return db().transaction(async (tx) => {
    const now = new Date();
    // Subscribed, or asked to join again since unsubscribing (a consent not yet withdrawn): the
    // time moves on, so a confirmation e-mail asked for before this isn't sent.
    const changed = await tx
      .update(contacts)
      .set({ unsubscribedAt: now, updatedAt: now })
      .where(
        and(
          eq(contacts.id, id),
          or(
            isNull(contacts.unsubscribedAt),
            sql`exists (select 1 from ${contactConsents} where ${contactConsents.contactId} = ${contacts.id} and ${contactConsents.withdrawnAt} is null)`,
          ),
        ),
      )
      .returning({ id: contacts.id });
    await tx
      .update(contactConsents)
      .set({ withdrawnAt: now })
      .where(and(eq(contactConsents.contactId, id), isNull(contactConsents.withdrawnAt)));
    if (changed.length > 0 && settings().crmWebhook) {
      await enqueue(tx, syncContactToCrmJob, { contactId: id, event: "updated" });
    }
    const [contact] = await tx
      .select({ email: contacts.email })
      .from(contacts)
      .where(eq(contacts.id, id));
    if (!contact) return { ok: false as const };
    // A member with this address stops getting our e-mails too: their tips switch goes off.
    await tx
      .update(profiles)
      .set({ tipsOptedOutAt: now, updatedAt: now })
      .where(
        and(
          isNull(profiles.tipsOptedOutAt),
          inArray(
            profiles.id,
            tx.select({ id: users.id }).from(users).where(eq(users.email, contact.email)),
          ),
        ),
      );
    return { ok: true as const, email: contact.email };
  });
}

/** The address a token belongs to, to show on the unsubscribe page before the click. */
export async function contactForUnsubscribe(
  token: string | null,
): Promise<{ email: string; unsubscribed: boolean } | null> {
  const id = readUnsubscribeToken(token);
  if (!id) return null;
  const [contact] = await db()
    .select({ email: contacts.email, unsubscribedAt: contacts.unsubscribedAt })
    .from(contacts)
    .where(eq(contacts.id, id));
  return contact ? { email: contact.email, unsubscribed: Boolean(contact.unsubscribedAt) } : null;
}
