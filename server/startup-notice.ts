// What the server says at start besides its JSON logs: each convenience that stands in for a
// setting (a made-up secret, example admins, demo payments, mail to files, cookies without Secure,
// no HSTS) and why, so none weakens the site silently; and the mailbox link with its key.
import { mailboxUrl } from "#app/lib/dev-tools-gate.server.ts";
import type { Settings } from "#app/lib/env.server.ts";

/** The block printed on stderr at start; empty when nothing stands in for a setting. */
export function startupNotice(s: Settings): string {
  const items: string[] = [];
  if (s.authSecretSource === "generated")
    items.push(
      "AUTH_SECRET: made up once and kept in .data/dev-auth-secret (AUTH_SECRET is unset)",
    );
  if (s.authSecretSource === "test")
    items.push("AUTH_SECRET: the fixed test secret (APP_ENV=test and AUTH_SECRET is unset)");
  if (!s.adminEmailsSet)
    items.push(
      `Admins: the example addresses ${s.adminEmails.join(", ")}, whoever signs up and confirms ` +
        "one of them (ADMIN_EMAILS is unset)",
    );
  if (!s.stripe)
    items.push(
      s.isProduction
        ? "Payments: none, checkout says card payments aren't available (the STRIPE_* keys are unset)"
        : "Payments: the demo provider, test cards only and no money moves (the STRIPE_* keys are unset)",
    );
  if (!s.smtpUrl)
    items.push(`E-mail: written to ${s.mailOutboxDir} as .eml files, not sent (SMTP_URL is unset)`);
  if (!s.twilio)
    items.push(`Texts: written to ${s.smsOutboxDir}, not sent (the TWILIO_* settings are unset)`);
  if (!s.secureCookies)
    items.push(
      `Cookies: sent without Secure, since SITE_URL (${s.siteUrl}) is plain http on a host ` +
        "browsers don't treat as secure",
    );
  if (!s.isProduction) {
    items.push("HSTS: not sent, nor upgrade-insecure-requests (production only)");
    items.push("Demo data: products seeded at start (outside production only)");
  }
  if (items.length === 0) return "";
  const heading = s.isProduction
    ? "Running in production with:"
    : `Running with development conveniences (APP_ENV=${s.appEnv}; APP_ENV=production allows none):`;
  const lines = [heading, ...items.map((item) => `  - ${item}`)];
  const mailbox = mailboxUrl(s);
  if (mailbox) lines.push(`Mailbox: ${mailbox}`);
  return lines.join("\n") + "\n";
}
