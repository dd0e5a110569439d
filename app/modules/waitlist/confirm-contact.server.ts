// Double opt-in: the confirm link from the e-mail marks the contact confirmed (idempotent).
import { and, eq, isNull } from "drizzle-orm";
import { contacts } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server.ts";
import { readConfirmToken } from "./contact-links.server.ts";

export type ConfirmResult = { ok: true; email: string; region: string | null } | { ok: false };

export async function confirmContact(token: string | null): Promise<ConfirmResult> {
  const id = readConfirmToken(token);
  if (!id) return { ok: false };
  await db()
    .update(contacts)
    .set({ confirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(contacts.id, id), isNull(contacts.confirmedAt)));
  const [contact] = await db()
    .select({ email: contacts.email, region: contacts.region })
    .from(contacts)
    .where(eq(contacts.id, id));
  return contact ? { ok: true, ...contact } : { ok: false };
}
