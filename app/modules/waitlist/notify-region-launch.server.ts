// The launch notification (issue 4, admin side): one e-mail to every confirmed, still-subscribed
// contact in a region, through the queue, once each. Pressing twice sends nothing extra (one launch
// row per region); a worker that dies mid-run resends at most the message it was sending (ADR 005).
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { contacts, launchNotifications } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { paths } from "#app/lib/paths.ts";
import { defineJob } from "#app/lib/queue.server.ts";
import {
  withRunCounts,
  type RunCounts,
  type SendRunRow,
} from "#app/modules/notifications/send-run-progress.server.ts";
import {
  deliverEmailOnce,
  SEND_JOB_RETRIES,
} from "#app/modules/notifications/deliver-once.server.ts";
import { oneClickUnsubscribeUrl, unsubscribeUrl } from "./contact-links.server.ts";
import {
  queueSends,
  startRunOnce,
  type RunRequest,
} from "#app/modules/notifications/queue-sends.server.ts";

const regionSchema = z.enum(NZ_REGIONS);
const launchKey = (region: string, contactId: string) => `launch:${region}:${contactId}`;

export const sendLaunchEmailJob = defineJob({
  name: "waitlist.send-launch-email",
  payload: z.object({ contactId: z.uuid(), region: regionSchema }),
  ...SEND_JOB_RETRIES,
  handle: async ({ contactId, region }) => {
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, contactId));
    if (!contact || contact.unsubscribedAt || !contact.confirmedAt) return;
    const s = settings();
    await deliverEmailOnce({
      key: launchKey(region, contactId),
      template: "waitlist-launch",
      to: contact.email,
      resourceType: "contact",
      resourceId: contactId,
      message: () => ({
        to: contact.email,
        ...renderEmail({
          subject: `${s.brandName} has launched in ${region}!`,
          preheader: `Grow boxes and monthly supplies now deliver to ${region}.`,
          heading: `We're in ${region}!`,
          paragraphs: [
            `Kia ora! You asked us to tell you when ${s.brandName} reached ${region}. Today's the day: grow boxes and monthly garden supplies now deliver to your region.`,
            "As a waitlist member you get first pick of this month's boxes, with free shipping on every subscription. Choose your plan, your delivery week and your address, and your first box is on its way.",
          ],
          button: { label: "Start my subscription", url: `${s.siteUrl}${paths.subscribe()}` },
          reason: `You're getting this because you joined the ${s.brandName} waitlist for ${region} and confirmed your e-mail.`,
          unsubscribeUrl: unsubscribeUrl(contactId),
          oneClickUnsubscribeUrl: oneClickUnsubscribeUrl(contactId),
        }),
      }),
    });
  },
});

/** Fans out one job per recipient; safe to run again (sending is keyed per contact). */
export const launchFanOutJob = defineJob({
  name: "waitlist.launch-fan-out",
  payload: z.object({ region: regionSchema }),
  retryLimit: 5,
  handle: async ({ region }) => {
    const recipients = await db()
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.region, region),
          isNotNull(contacts.confirmedAt),
          isNull(contacts.unsubscribedAt),
        ),
      );
    await queueSends(sendLaunchEmailJob, recipients, (r) => ({
      data: { contactId: r.id, region },
      singletonKey: launchKey(region, r.id),
    }));
    await db()
      .update(launchNotifications)
      .set({ recipients: recipients.length, fannedOutAt: new Date() })
      .where(eq(launchNotifications.region, region));
  },
});

export async function notifyRegionLaunch(region: string, requestedBy: string): Promise<RunRequest> {
  const parsed = regionSchema.safeParse(region);
  if (!parsed.success)
    return { ok: false, message: "Please choose one of New Zealand's 16 regions." };
  return startRunOnce(
    (tx) =>
      tx
        .insert(launchNotifications)
        .values({ region: parsed.data, requestedBy })
        .onConflictDoNothing({ target: launchNotifications.region })
        .returning({ region: launchNotifications.region }),
    launchFanOutJob,
    { region: parsed.data },
  );
}

export type LaunchProgress = SendRunRow & RunCounts & { region: string };

/** Each launch's progress (sendRunCounts). */
export async function launchProgress(): Promise<LaunchProgress[]> {
  const launches = await db()
    .select()
    .from(launchNotifications)
    .orderBy(launchNotifications.requestedAt);
  return withRunCounts(launches, (l) => ({
    keyPrefix: `launch:${l.region}:`,
    jobs: { fanOut: launchFanOutJob.name, send: sendLaunchEmailJob.name },
    field: "region",
    value: l.region,
  }));
}
