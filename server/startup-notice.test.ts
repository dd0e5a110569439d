// What the server says at start: each convenience standing in for a setting, and why.
import { expect, test } from "vitest";
import { devToolsKey } from "#app/lib/dev-tools-gate.server.ts";
import { parseSettings } from "#app/lib/env.server.ts";
import { startupNotice } from "./startup-notice.ts";

test("`npm start` with nothing set lists every convenience and the mailbox link", () => {
  // As `npm start` runs on a fresh clone (the secret given here so no file is written).
  const s = parseSettings({ NODE_ENV: "production", PORT: "3999", AUTH_SECRET: "k".repeat(40) });
  const key = devToolsKey(s);
  expect(startupNotice(s)).toBe(
    [
      "Running with development conveniences (APP_ENV=development; APP_ENV=production allows none):",
      "  - Admins: the example addresses admin@example.com, ops@example.com, grow@example.com, whoever signs up and confirms one of them (ADMIN_EMAILS is unset)",
      "  - Payments: the demo provider, test cards only and no money moves (the STRIPE_* keys are unset)",
      "  - E-mail: written to ./.data/mail as .eml files, not sent (SMTP_URL is unset)",
      "  - Texts: written to ./.data/sms, not sent (the TWILIO_* settings are unset)",
      "  - HSTS: not sent, nor upgrade-insecure-requests (production only)",
      "  - Demo data: products seeded at start (outside production only)",
      `Mailbox: http://localhost:3999/_dev/mail?key=${key}`,
      "",
    ].join("\n"),
  );
});

test("a made-up secret and cookies without Secure are said, with why", () => {
  const s = parseSettings({ APP_ENV: "test", SITE_URL: "http://192.168.1.20:3000" });
  const notice = startupNotice(s);
  expect(notice).toContain(
    "  - AUTH_SECRET: the fixed test secret (APP_ENV=test and AUTH_SECRET is unset)",
  );
  expect(notice).toContain(
    "  - Cookies: sent without Secure, since SITE_URL (http://192.168.1.20:3000) is plain http on a host browsers don't treat as secure",
  );
});

test("production with everything set says nothing; without SMTP it says where mail goes", () => {
  const production = {
    APP_ENV: "production",
    DATABASE_URL: "postgres://patch@db.internal/patch",
    SITE_URL: "https://patch.nz",
    AUTH_SECRET: "p".repeat(40),
    ADMIN_EMAILS: "a@patch.nz,b@patch.nz,c@patch.nz",
    STRIPE_SECRET_KEY: "sk_live_1",
    STRIPE_PUBLISHABLE_KEY: "pk_live_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
    TWILIO_ACCOUNT_SID: "AC1",
    TWILIO_AUTH_TOKEN: "t".repeat(32),
    TWILIO_FROM: "+6421000000",
  };
  expect(startupNotice(parseSettings({ ...production, SMTP_URL: "smtp://mail.patch.nz" }))).toBe(
    "",
  );
  // No mailbox in production: the files are read on the server itself.
  expect(startupNotice(parseSettings({ ...production, MAIL_OUTBOX_DIR: "./.data/mail" }))).toBe(
    "Running in production with:\n" +
      "  - E-mail: written to ./.data/mail as .eml files, not sent (SMTP_URL is unset)\n",
  );
});
