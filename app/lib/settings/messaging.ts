// Settings: e-mail (SMTP or files, the pool, bounce webhooks) and texts (Twilio or files, the
// daily cap on codes, inbound webhooks, the reminders' pace).
import { z } from "zod";
import { optionalString, wholeNumber } from "./fields.ts";

export const mailShape = {
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().optional(),
  // Kept-open connections to the SMTP server: a provider answering in 200 ms takes about five
  // messages a second on each, so a launch spike's confirmations need several (ADR 066).
  SMTP_POOL_SIZE: wholeNumber(
    "connections",
    10,
    [1, "must be at least 1"],
    [100, "must be at most 100"],
  ),
  // Bounce and complaint webhooks (ADR 066), each off unless its secret is set: the password of
  // the webhook URL's basic auth (https://patch:<secret>@host/api/webhooks/email/<provider>).
  POSTMARK_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  SES_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  // The SNS topic(s) SES publishes bounces and complaints to (comma-separated ARNs); a message
  // from any other topic is refused. Unset: any topic that knows the secret.
  SES_SNS_TOPIC_ARNS: optionalString,
  MAIL_OUTBOX_DIR: z.string().default("./.data/mail"),
};

export const smsShape = {
  SMS_OUTBOX_DIR: z.string().default("./.data/sms"),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  // Texted codes (sign-in, proving a number) a day from everyone together: caps what SMS pumping
  // can cost. Reminders are not counted.
  SMS_CODES_PER_DAY: wholeNumber("texts", 500, [1, "must be at least 1"]),
  // Verifies inbound text webhooks when Twilio itself is not configured (texts go to the outbox).
  SMS_WEBHOOK_AUTH_TOKEN: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
};

export const smsReminderPaceShape = {
  // Reminder texts a second from one sender (a Twilio long code sends about 1 a second; a
  // Messaging Service with more numbers sends more): the Friday texts are spread to this pace.
  SMS_REMINDERS_PER_SECOND: wholeNumber(
    "texts a second",
    1,
    [1, "must be at least 1"],
    [100, "must be at most 100"],
  ),
};
