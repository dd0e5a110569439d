// A place on a region's waitlist for a signed-in member (issue 22's gifts, ADR 043): someone who
// redeems a gift where we don't deliver yet keeps their spot in the region's queue. Their contact
// (one per e-mail, SPEC §4) is made or moved to the region, confirmed when the account's address
// is proved, and their consent to the launch e-mail recorded with the words they saw. Runs inside
// the caller's transaction, so the spot and what it was for commit together.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { contacts, type OrderAddress } from "#db/schema/index.ts";
import type { Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { countReferral } from "./count-referral.server.ts";
import { newReferralCode } from "./referral-code.server.ts";
import { recordConsents } from "./record-consent.server.ts";
import { syncContactToCrmJob } from "./sync-contact-to-crm.server.ts";

export interface SpotHolder {
  userId: string;
  email: string;
  name: string;
  /** Only a proved address is confirmed onto the queue (the queue counts confirmed contacts). */
  emailVerified: boolean;
}

export async function holdWaitlistSpot(
  tx: Database,
  holder: SpotHolder,
  spot: {
    region: string;
    address: OrderAddress;
    /** The words beside the button, kept as the consent to the launch e-mail. */
    statement: string;
    source: string;
    ip?: string | null;
    userAgent?: string | null;
  },
  now: Date,
): Promise<{ contactId: string; created: boolean }> {
  const email = holder.email.toLowerCase();
  const address = {
    street: spot.address.street,
    suburb: spot.address.suburb,
    city: spot.address.city,
    state: spot.region,
    zip: spot.address.zip,
    country: "New Zealand",
    region: spot.region,
  };
  const confirmedAt = holder.emailVerified ? now : null;
  const [found] = await tx
    .select({ id: contacts.id, confirmedAt: contacts.confirmedAt })
    .from(contacts)
    .where(eq(contacts.email, email))
    .for("update");
  let contactId: string;
  if (found) {
    contactId = found.id;
    // Their own place in the queue (their sign-up time) is kept; the region is where they asked.
    await tx
      .update(contacts)
      .set({
        region: spot.region,
        address,
        userId: holder.userId,
        confirmedAt: found.confirmedAt ?? confirmedAt,
        // They asked for the launch e-mail just now, with the statement recorded below.
        unsubscribedAt: null,
        updatedAt: now,
      })
      .where(eq(contacts.id, found.id));
  } else {
    contactId = randomUUID();
    await tx.insert(contacts).values({
      id: contactId,
      email,
      name: holder.name || null,
      region: spot.region,
      address,
      source: spot.source,
      userId: holder.userId,
      timestamp: now,
      updatedAt: now,
      confirmedAt,
      referralCode: newReferralCode(),
    });
  }
  await recordConsents(tx, [
    {
      contactId,
      statement: spot.statement,
      source: spot.source,
      ip: spot.ip,
      userAgent: spot.userAgent,
      givenAt: now,
    },
  ]);
  if (settings().crmWebhook)
    await enqueue(tx, syncContactToCrmJob, {
      contactId,
      event: found ? "updated" : "created",
    });
  // A first confirmation decides a referral through someone's link, as the confirm link does.
  if (found && !found.confirmedAt && confirmedAt) await countReferral(tx, contactId);
  return { contactId, created: !found };
}
