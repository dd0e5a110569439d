// Double opt-in: the confirm link from the e-mail opens a page (reading only: mail scanners follow
// links), and its button confirms the contact. Confirming is idempotent, and lifts an unsubscribe
// only when the link was issued after it (a re-join sends a fresh link).
import { eq } from "drizzle-orm";
import { contacts } from "#db/schema/index.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { readConfirmToken, surveyUrl, type ConfirmToken } from "./contact-links.server.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";
import { countReferral } from "./count-referral.server.ts";
import { ensureReferralCode, shareUrl } from "./referral-code.server.ts";

/**
 * - pending: pressing the button would change something (not yet confirmed, or unsubscribed
 *   before this link was sent);
 * - confirmed: confirmed and subscribed;
 * - unsubscribed: confirmed, but unsubscribed after this link was sent, so it doesn't undo that.
 */
export type ConfirmState = "pending" | "confirmed" | "unsubscribed";

type ConfirmResult = Outcome<{
  email: string;
  region: string | null;
  state: ConfirmState;
  /** The signed survey link, once confirmed: answers given there are saved to the contact. */
  surveyUrl: string | null;
  /** The contact's share link (/r/{code}), once confirmed (ADR 037). */
  shareUrl: string | null;
}>;

const LINK_GONE =
  "That confirmation link didn't work: it may have expired or been copied only in part.";

interface ContactState {
  id: string;
  email: string;
  region: string | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

/** Unsubscribed before the link was issued: confirming with it re-subscribes. */
const unsubscribedBefore = (c: ContactState, link: ConfirmToken) =>
  c.unsubscribedAt !== null && c.unsubscribedAt.getTime() < link.issuedAt;

function stateOf(c: ContactState, link: ConfirmToken): ConfirmState {
  if (!c.confirmedAt || unsubscribedBefore(c, link)) return "pending";
  return c.unsubscribedAt ? "unsubscribed" : "confirmed";
}

function resultOf(c: ContactState, link: ConfirmToken): ConfirmResult {
  const state = stateOf(c, link);
  return {
    ok: true,
    email: c.email,
    region: c.region,
    state,
    surveyUrl: state === "confirmed" ? surveyUrl(c.id) : null,
    shareUrl: null,
  };
}

async function findContact(tx: Database, id: string, lock: boolean) {
  const query = tx
    .select({
      id: contacts.id,
      email: contacts.email,
      region: contacts.region,
      confirmedAt: contacts.confirmedAt,
      unsubscribedAt: contacts.unsubscribedAt,
    })
    .from(contacts)
    .where(eq(contacts.id, id));
  const [contact] = lock ? await query.for("update") : await query;
  return contact;
}

/** What the confirm page shows before the button is pressed. Changes nothing. */
export async function readConfirmLink(token: string | null): Promise<ConfirmResult> {
  const link = readConfirmToken(token);
  if (!link) return failure("not-found", LINK_GONE);
  const contact = await findContact(db(), link.id, false);
  return contact
    ? withShareUrl(contact.id, resultOf(contact, link))
    : failure("not-found", LINK_GONE);
}

async function withShareUrl(id: string, result: ConfirmResult): Promise<ConfirmResult> {
  if (!result.ok || result.state !== "confirmed") return result;
  return { ...result, shareUrl: shareUrl(await ensureReferralCode(id)) };
}

/** The button: confirms the contact (and queues the CRM update) in one transaction. */
export async function confirmContact(token: string | null): Promise<ConfirmResult> {
  const link = readConfirmToken(token);
  if (!link) return failure("not-found", LINK_GONE);
  const result = await db().transaction(async (tx) => {
    const contact = await findContact(tx, link.id, true);
    if (!contact) return failure("not-found", LINK_GONE);
    if (stateOf(contact, link) !== "pending") return resultOf(contact, link);
    const now = new Date();
    const next = {
      ...contact,
      confirmedAt: contact.confirmedAt ?? now,
      unsubscribedAt: unsubscribedBefore(contact, link) ? null : contact.unsubscribedAt,
    };
    await tx
      .update(contacts)
      .set({ confirmedAt: next.confirmedAt, unsubscribedAt: next.unsubscribedAt, updatedAt: now })
      .where(eq(contacts.id, contact.id));
    if (settings().crmWebhook)
      await enqueue(tx, syncContactToCrmJob, { contactId: contact.id, event: "updated" });
    // The first confirmation decides a referral through someone's link (ADR 037).
    if (!contact.confirmedAt) await countReferral(tx, contact.id);
    return resultOf(next, link);
  });
  return withShareUrl(link.id, result);
}
