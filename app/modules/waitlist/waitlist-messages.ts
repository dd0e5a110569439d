// The waitlist's texts and the form's first check in the browser. Kept free of zod so the home
// page doesn't ship a validation library; the server checks everything again with the zod schema
// in waitlist.schema.ts, which uses these same messages.
import { isNzRegion } from "#app/lib/nz-regions.ts";

export const MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  missingRegion: "Please select your region in New Zealand",
  joinedWithEmail: "You've been added to our waitlist! Check your email for confirmation.",
  joined: "You've been added to our waitlist!",
  // Beside the spec's success message (the spec is silent on when the e-mail arrives): the join
  // answers before the e-mail is sent, by the queue's worker a moment later (ADR 066).
  emailOnItsWay:
    "Your confirmation e-mail is on its way. It can take a minute to arrive: if it doesn't, check your spam folder.",
  emailFailed: "Waitlist signup successful, but confirmation email failed to send",
  saveFailed: "Failed to save your information. Please try again later.",
  joinFailed: "There was an error adding you to the waitlist",
  // Past the hard limit for one connection (JOIN_LIMIT in join-waitlist.server.ts, ADR 022).
  rateLimited: "Too many sign-ups from your connection. Please try again in an hour.",
  // Past the free sign-ups for one connection the browser does a quick check (a proof of work),
  // which needs JavaScript: told to the form posted without it.
  checkNeeded:
    "Lots of people have joined from your connection this hour, so your browser needs to do a quick check first. Please turn on JavaScript and press Join Waitlist again, or try again in an hour.",
  disposable:
    "Please use a permanent email address: we can't send launch news to disposable inboxes.",
  offline:
    "You seem to be offline. We've kept your details on this device and will add you as soon as you're back online.",
  stillOffline:
    "We still couldn't reach Patch. Your details are kept on this device, and we'll send them when your connection is back or the next time you open this page.",
} as const;

export const PLAN_IDS = ["0.5m2", "1m2", "2m2"] as const;

export const CONSENT_STATEMENT =
  "By joining you agree to receive e-mails from Patch about our launch in your region and growing tips. You can unsubscribe at any time.";

// The same shape the zod schema accepts (z.email()'s pattern, simplified).
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function checkJoinFields(values: {
  email: string;
  region?: string;
}): Partial<Record<"email" | "region", string>> {
  const errors: Partial<Record<"email" | "region", string>> = {};
  const email = values.email.trim();
  if (email.length > 254 || !EMAIL.test(email)) errors.email = MESSAGES.invalidEmail;
  if (!isNzRegion(values.region)) errors.region = MESSAGES.missingRegion;
  return errors;
}
