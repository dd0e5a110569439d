// Joining the waitlist (SPEC §4 "Saving a contact", §7, §8). One contact per e-mail: joining twice
// succeeds twice and leaves one row. The contact, the consent record and the confirmation job are
// written in one transaction, and the answer goes at once: a worker sends the e-mail the moment the
// transaction commits (ADR 066), so a join never waits on the mail provider.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { contacts } from "#db/schema/index.ts";
import { clientKey } from "#app/lib/client-ip.server.ts";
import { db, isDatabaseUnavailable, type Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { enqueue, queue, wakeLocalWorkers } from "#app/lib/queue.server.ts";
import { contactChanged, mergeContact, type StoredContact } from "./merge-contact.ts";
import { surveyUrl } from "./contact-links.server.ts";
import { isDisposable } from "./disposable-address.server.ts";
import { ensureReferralCode, newReferralCode } from "./referral-code.server.ts";
import { recordReferral } from "./record-referral.server.ts";
import { sendWaitlistConfirmationJob } from "./send-waitlist-confirmation.server.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";
import type { JoinChallenge } from "./join-challenge.ts";
import { issueJoinChallenge, joinWorkIsValid } from "./join-challenge.server.ts";
import { confirmationEmailAllowed } from "./confirmation-email-limit.server.ts";
import { askToMoveRegion } from "./move-region.server.ts";
import {
  consentSource,
  JOIN_LIMIT,
  saveNewContacts,
  type JoinContext,
  type JoinInput,
} from "./join-waitlist-batch.server.ts";

export { JOIN_LIMIT, type JoinContext };
import { recordConsents } from "./record-consent.server.ts";
import {
  CONSENT_STATEMENT,
  joinWaitlistSchema,
  MESSAGES,
  waitlistFieldErrors,
} from "./waitlist.schema.ts";

/**
 * What a join answers with. One answer whatever the address (ADR 061): new, unconfirmed,
 * confirmed or unsubscribed, each gets this message and an e-mail that tells the rest. The
 * failures: "invalid" (the first problem per field), "limited" (Retry-After, and past the free
 * sign-ups the work that lets this one through: join-challenge.ts), "unavailable" (an outage).
 */
interface Joined {
  /**
   * Only to the request that made the contact: whoever knows an address (and its id, which
   * is inside every link the contact was sent) learns nothing of the contact, and gets no
   * signed survey link for it.
   */
  contactId?: string;
  /** The e-mail is queued (or one went within 10 minutes): it is on its way. */
  emailSent: boolean;
  /**
   * Always false now that the send is queued (ADR 066): a send that fails is retried by its
   * job, and the person was told it is on its way. Kept for the form and offline retries.
   */
  confirmationFailed: boolean;
  message: string;
  surveyUrl: string;
  /** The contact's own share code, to the request that made the contact (as contactId). */
  referralCode?: string;
}

export async function joinWaitlist(
  raw: unknown,
  context: JoinContext,
): Promise<Outcome<Joined, { challenge?: JoinChallenge }>> {
  const parsed = joinWaitlistSchema.safeParse(raw);
  if (!parsed.success) {
    return failure("invalid", MESSAGES.joinFailed, {
      fieldErrors: waitlistFieldErrors(parsed.error),
    });
  }
  const input = parsed.data;
  if (input.website) {
    // Quietly accepted and dropped: a script told it was caught would simply leave the field out.
    log.warn({ ip: context.ip }, "waitlist honeypot filled");
    return {
      ok: true,
      emailSent: true,
      confirmationFailed: false,
      message: MESSAGES.joinedWithEmail,
      surveyUrl: surveyUrl(undefined),
    };
  }
  if (isDisposable(input.email)) {
    return failure("invalid", MESSAGES.disposable, { fieldErrors: { email: MESSAGES.disposable } });
  }

  try {
    const saved = await saveNew(input, context);
    if ("refused" in saved)
      return saved.challenge
        ? failure("limited", MESSAGES.checkNeeded, {
            retryAfter: saved.refused,
            challenge: saved.challenge,
          })
        : failure("limited", MESSAGES.rateLimited, { retryAfter: saved.refused });
    // Queued in the join's transaction; a worker sends it now (woken by the commit).
    // Withheld past the connection's e-mail limit (ADR 065): answered as if sent.
    const emailSent = true;
    const confirmationFailed = false;
    const own = saved.created;
    return {
      ok: true,
      ...(own ? { contactId: saved.id } : {}),
      emailSent,
      confirmationFailed,
      message: confirmationFailed
        ? MESSAGES.emailFailed
        : emailSent
          ? MESSAGES.joinedWithEmail
          : MESSAGES.joined,
      surveyUrl: surveyUrl(own ? saved.id : undefined),
      ...(own ? { referralCode: await ensureReferralCode(saved.id) } : {}),
    };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, "waitlist join: database unavailable");
      return failure("unavailable", MESSAGES.saveFailed, { retryAfter: 5 });
    }
    throw error;
  }
}

interface Saved {
  id: string;
  created: boolean;
  /** The contact's region as saved (a stranger's re-join doesn't change it): the e-mail's. */
  region: string;
  /** Confirmed and not unsubscribed: the e-mail gives the links again instead of asking. */
  alreadyConfirmed: boolean;
  /** "withheld": the connection is past its confirmation e-mails to strangers (ADR 065). */
  confirmation: "queued" | "recently-sent" | "withheld";
}

/**
 * A new address through the shared batch, which counts the per-connection limit in the same
 * statement (past the free sign-ups, with the work the browser did, ADR 022). The browser's id
 * (the form sends one, so a retried entry is known) becomes the new contact's id. A known address
 * or id takes the merge path, its hit on the limit already counted.
 */
async function saveNew(
  input: JoinInput,
  context: JoinContext,
): Promise<Saved | { refused: number; challenge?: JoinChallenge }> {
  const id = input.id ?? randomUUID();
  // The confirmation's send key: its job sends once per key, however often it is retried.
  const key = `waitlist-confirmation:${randomUUID()}`;
  const limitKey = clientKey(context.ip);
  const [worked, withinEmails] = await Promise.all([
    joinWorkIsValid(input.work, input.email, limitKey, JOIN_LIMIT.workBits),
    confirmationEmailAllowed(limitKey),
  ]);
  // A browser that did the quick check (past the free sign-ups of a busy shared address) has paid
  // for its e-mail: a script can't send strangers e-mail without doing that work for each.
  const mayEmail = withinEmails || worked;
  const made = await saveNewContacts({ input, context, id, key, limitKey, worked, mayEmail });
  if (!made.allowed)
    return {
      refused: made.retryAfter,
      ...(made.seen <= JOIN_LIMIT.ceiling
        ? { challenge: issueJoinChallenge(limitKey, JOIN_LIMIT.workBits) }
        : {}),
    };
  if (made.created)
    return {
      id,
      created: true,
      region: input.region,
      alreadyConfirmed: false,
      confirmation: mayEmail ? "queued" : "withheld",
    };
  return saveWithRetry(input, context, mayEmail);
}

async function saveWithRetry(
  input: ReturnType<typeof joinWaitlistSchema.parse>,
  context: JoinContext,
  mayEmail: boolean,
): Promise<Saved> {
  for (let attempt = 0; ; attempt++) {
    try {
      const saved = await db().transaction((tx) => save(tx, input, context, mayEmail));
      if (saved.confirmation === "queued") wakeLocalWorkers(sendWaitlistConfirmationJob);
      return saved;
    } catch (error) {
      // Two joins of one new address at once: the loser of the insert race merges on its retry.
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (code === "23505" && attempt < 3) continue;
      throw error;
    }
  }
}

type ContactRow = typeof contacts.$inferSelect;

/**
 * SPEC §4: match by id, then e-mail. An id that belongs to another address is not a match (one
 * device can sign up two people); the newcomer then gets an id of its own.
 */
async function findExisting(
  tx: Database,
  input: { id?: string; email: string },
): Promise<{ row?: ContactRow; idTaken: boolean }> {
  let idTaken = false;
  if (input.id) {
    const [byId] = await tx.select().from(contacts).where(eq(contacts.id, input.id)).for("update");
    if (byId && byId.email === input.email) return { row: byId, idTaken: false };
    idTaken = Boolean(byId);
  }
  const [byEmail] = await tx
    .select()
    .from(contacts)
    .where(eq(contacts.email, input.email))
    .for("update");
  return { row: byEmail, idTaken };
}

async function save(
  tx: Database,
  input: ReturnType<typeof joinWaitlistSchema.parse>,
  context: JoinContext,
  mayEmail: boolean,
): Promise<Saved> {
  const { row: existing, idTaken } = await findExisting(tx, input);
  // Anyone can type an address (and the id is in every link the contact was sent): only the
  // contact, signed in as them, moves them to another region's queue.
  const mayMove =
    !existing || Boolean(context.memberEmail && sameAddress(context.memberEmail, existing.email));
  // Anyone else naming another region only has the contact asked, by e-mail, with a signed link
  // that moves them (ADR 065).
  if (existing && !mayMove && existing.region !== input.region)
    await askToMoveRegion(tx, existing.id, input.region);
  const incoming = {
    email: input.email,
    region: mayMove ? input.region : undefined,
    address: mayMove ? { state: input.region, country: "New Zealand" } : undefined,
    plan: input.plan,
    source: existing?.source === "waitlist_page_migrated" ? undefined : "waitlist_page",
  };
  let id: string;
  let created = false;
  let changed = false;
  let region: string = input.region;
  let alreadyConfirmed = false;
  if (existing) {
    const before = toStored(existing);
    const merged = mergeContact(before, incoming);
    changed = contactChanged(before, merged);
    id = existing.id;
    // Joining again after unsubscribing asks for e-mail again, but anyone can type an address:
    // the unsubscribe stands until the person confirms from the new confirmation e-mail
    // (confirmContact lifts it for a link issued after the unsubscribe).
    await tx
      .update(contacts)
      .set({ ...merged, updatedAt: new Date() })
      .where(eq(contacts.id, id));
    region = merged.region ?? input.region;
    alreadyConfirmed = Boolean(existing.confirmedAt) && !existing.unsubscribedAt;
  } else {
    id = input.id && !idTaken ? input.id : randomUUID();
    await tx.insert(contacts).values({
      id,
      email: input.email,
      region: input.region,
      address: incoming.address,
      plan: input.plan ?? null,
      source: "waitlist_page",
      referralCode: newReferralCode(),
    });
    created = true;
    changed = true;
  }
  await recordConsents(tx, [
    {
      contactId: id,
      statement: CONSENT_STATEMENT,
      source: consentSource(context),
      ip: context.ip,
      userAgent: context.userAgent,
    },
  ]);
  // The share link's referral, in this transaction: saved with the contact or not at all. Only a
  // contact made here has one: anyone can re-join a known address with their own link's cookie.
  if (created && context.referralCode)
    await recordReferral(id, context.referralCode, clientKey(context.ip), tx);
  return finishSave(tx, { input, id, created, changed, region, alreadyConfirmed, mayEmail });
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Every join is answered alike, so every join e-mails the address (ADR 061): a confirmation, or
 * for a confirmed contact their links again. The e-mail, not the answer, says which.
 */
async function finishSave(
  tx: Database,
  {
    input,
    id,
    created,
    changed,
    region,
    alreadyConfirmed,
    mayEmail,
  }: {
    input: JoinInput;
    id: string;
    created: boolean;
    changed: boolean;
    region: string;
    alreadyConfirmed: boolean;
    mayEmail: boolean;
  },
): Promise<Saved> {
  if (changed && settings().crmWebhook) {
    await enqueue(tx, syncContactToCrmJob, {
      contactId: id,
      event: created ? "created" : "updated",
    });
  }
  const saved = { id, created, region, alreadyConfirmed };
  // Past the connection's confirmation e-mails, a stranger's address gets none (ADR 065).
  if (!mayEmail && !alreadyConfirmed) return { ...saved, confirmation: "withheld" };
  const key = `waitlist-confirmation:${randomUUID()}`;
  // At most one e-mail per contact every 10 minutes, however often anyone presses Join.
  const jobId = await enqueue(
    tx,
    sendWaitlistConfirmationJob,
    { email: input.email, region, contactId: id, key, requestedAt: Date.now() },
    { singletonKey: `confirm:${id}`, singletonSeconds: 600 },
  );
  return jobId ? { ...saved, confirmation: "queued" } : { ...saved, confirmation: "recently-sent" };
}

function toStored(row: ContactRow): StoredContact {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    name: row.name,
    address: row.address,
    region: row.region,
    interests: row.interests,
    growingSpace: row.growingSpace,
    surveyData: row.surveyData,
    plan: row.plan,
    source: row.source,
    timestamp: row.timestamp,
  };
}

/** Used by tests and the admin: the queue's pending confirmation jobs for a contact. */
export async function pendingConfirmations(contactId: string) {
  const jobs = await queue().findJobs(sendWaitlistConfirmationJob.name, { data: { contactId } });
  return jobs;
}
