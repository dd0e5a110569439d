// Opening a region for subscriptions (issue 21): the region opens, then the existing launch
// e-mail goes to everyone confirmed on its waitlist, now with a link to /subscribe. Both steps
// are safe to repeat: a second press opens nothing new and sends nothing more (one launch row per
// region), and a press after a failure between the two sends the e-mails it missed.
import { isNzRegion } from "#app/lib/nz-regions.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { openRegion } from "#app/modules/subscriptions/regions.server.ts";
import { notifyRegionLaunch } from "#app/modules/waitlist/notify-region-launch.server.ts";

export type OpenRegionOutcome = Outcome<{
  region: string;
  opened: boolean;
  emailsStarted: boolean;
}>;

export async function openRegionForSubscriptions(
  region: string,
  adminEmail: string,
  now = new Date(),
): Promise<OpenRegionOutcome> {
  if (!isNzRegion(region)) {
    const message = "Please choose one of New Zealand's 16 regions.";
    return failure("invalid", message, { fieldErrors: { region: message } });
  }
  const { opened } = await openRegion(region, adminEmail, now);
  const launch = await notifyRegionLaunch(region, adminEmail);
  if (!launch.ok) return failure("invalid", launch.message);
  return {
    ok: true,
    region,
    opened,
    emailsStarted: launch.started,
    message:
      opened || launch.started
        ? `${region} is open for subscriptions. Launch e-mails are on their way.`
        : `${region} was already open: nothing more was sent.`,
  };
}
