// The spec's 'send-waitlist-confirmation' (SPEC §7): a queued job with the e-mail and region.
// The e-mail carries the confirm link (double opt-in), the survey link and one-click unsubscribe.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import {
  deliverEmailOnce,
  type DeliveryResult,
  defineSendJob,
} from "#app/modules/notifications/deliver-once.server.ts";
import {
  confirmUrl,
  oneClickUnsubscribeUrl,
  statusUrl,
  surveyUrl,
  unsubscribeUrl,
} from "./contact-links.server.ts";
import { ensureReferralCode, shareUrl } from "./referral-code.server.ts";

export const CONFIRMATION_TEMPLATE = "waitlist-confirmation";

export const confirmationPayload = z.object({
  email: z.email(),
  region: z.string(),
  contactId: z.uuid(),
  /** One key per request to confirm: the job and the inline first attempt share it. */
  key: z.string(),
  /**
   * When the person asked (ms). A contact who re-joins after unsubscribing still gets this
   * e-mail; one who unsubscribes after asking doesn't. Jobs queued without it skip any
   * unsubscribed contact.
   */
  requestedAt: z.number().int().optional(),
});

export function confirmationEmail(contact: {
  id: string;
  email: string;
  region: string;
  /** Their share link (ADR 037); friends count once both have confirmed. */
  shareUrl?: string;
  /** Confirmed and not unsubscribed: someone joined with the address again (ADR 061). */
  alreadyConfirmed?: boolean;
}) {
  const s = settings();
  if (contact.alreadyConfirmed)
    return alreadyOnTheListEmail({ ...contact, shareUrl: contact.shareUrl });
  return {
    to: contact.email,
    ...renderEmail({
      subject: `Confirm you're on the ${s.brandName} waitlist`,
      preheader: `One tap to confirm, and we'll tell you when ${s.brandName} launches in ${contact.region}.`,
      heading: "You're on the list!",
      paragraphs: [
        `Kia ora! Thanks for joining the ${s.brandName} waitlist for ${contact.region}.`,
        `Please confirm your e-mail address so we can tell you the day ${s.brandName} launches in your region, and send you growing tips for your part of New Zealand.`,
        "While you wait, tell us about your growing space and we'll recommend the box that fits it.",
      ],
      button: { label: "Confirm my e-mail", url: confirmUrl(contact.id) },
      secondary: [
        ...surveyAndShareLinks(contact),
        { label: "See your place in the queue", url: statusUrl(contact.id) },
      ],
      reason: `You're getting this because this address was added to the ${s.brandName} waitlist. If that wasn't you, ignore this e-mail or unsubscribe.`,
      unsubscribeUrl: unsubscribeUrl(contact.id),
      oneClickUnsubscribeUrl: oneClickUnsubscribeUrl(contact.id),
    }),
  };
}

/** The survey's link, and the contact's share link when they have one. */
function surveyAndShareLinks(contact: { id: string; shareUrl?: string }) {
  return [
    { label: "Tell us about your space (2 minutes)", url: surveyUrl(contact.id) },
    ...(contact.shareUrl
      ? [
          {
            label: "Share your link: each friend who joins and confirms moves you up the list",
            url: contact.shareUrl,
          },
        ]
      : []),
  ];
}

/**
 * A join with the address of a confirmed contact: the join answered as for anyone, so this says
 * what it couldn't, and gives the contact's own links again (to them only: it goes to the address).
 */
function alreadyOnTheListEmail(contact: {
  id: string;
  email: string;
  region: string;
  shareUrl?: string;
}) {
  const s = settings();
  return {
    to: contact.email,
    ...renderEmail({
      subject: `You're already on the ${s.brandName} waitlist`,
      preheader: `Nothing more to do: we'll tell you when ${s.brandName} launches in ${contact.region}.`,
      heading: "You're already on the list",
      paragraphs: [
        `Kia ora! Someone, hopefully you, asked to join the ${s.brandName} waitlist with this address. You're already on it for ${contact.region} and confirmed, so there's nothing more to do.`,
        "To move to another region's list, sign in with this address and join again from the waitlist page.",
      ],
      button: { label: "See your place in the queue", url: statusUrl(contact.id) },
      secondary: [...surveyAndShareLinks(contact)],
      reason: `You're getting this because this address was entered on the ${s.brandName} waitlist. If that wasn't you, ignore this e-mail or unsubscribe.`,
      unsubscribeUrl: unsubscribeUrl(contact.id),
      oneClickUnsubscribeUrl: oneClickUnsubscribeUrl(contact.id),
    }),
  };
}

/**
 * Sends the confirmation once per key: the join queued it in its transaction and a worker sends
 * it at once (ADR 066); a retried job finds the key's send record sent and sends nothing. The
 * contact is read first (it may have unsubscribed or gone since).
 */
export async function sendWaitlistConfirmation(
  payload: z.infer<typeof confirmationPayload>,
): Promise<DeliveryResult | "skipped"> {
  const [contact] = (
    await db().select().from(contacts).where(eq(contacts.id, payload.contactId))
  ).map((c) => ({
    ...c,
    alreadyConfirmed: Boolean(c.confirmedAt) && !c.unsubscribedAt,
  }));
  // Deleted, or unsubscribed since asking: nothing to send.
  if (!contact) return "skipped";
  if (
    contact.unsubscribedAt &&
    contact.unsubscribedAt.getTime() >= (payload.requestedAt ?? -Infinity)
  )
    return "skipped";
  const share = shareUrl(contact.referralCode ?? (await ensureReferralCode(contact.id)));
  return deliverEmailOnce({
    key: payload.key,
    template: CONFIRMATION_TEMPLATE,
    to: contact.email,
    resourceType: "contact",
    resourceId: contact.id,
    message: () =>
      confirmationEmail({
        id: contact.id,
        email: contact.email,
        region: contact.region ?? payload.region,
        shareUrl: share,
        alreadyConfirmed: contact.alreadyConfirmed,
      }),
  });
}

/**
 * Someone is waiting for this one: the worker is woken the moment a join commits (NOTIFY), and
 * takes big batches two at a time, so a launch spike's confirmations keep pace with its joins
 * (each message waits on the SMTP server, not on the CPU: SMTP_POOL_SIZE connections carry them).
 */
export const sendWaitlistConfirmationJob = defineSendJob(
  "send-waitlist-confirmation",
  confirmationPayload,
  sendWaitlistConfirmation,
  { notify: true, work: { batchSize: 50, concurrency: 2, pollingIntervalSeconds: 0.5 } },
);
