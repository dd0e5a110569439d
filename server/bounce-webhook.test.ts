// The bounce and complaint webhooks (ADR 066) through the app's own route, and the suppression
// list they fill, on the real in-process SMTP server: a suppressed address gets nothing, whichever
// part of the app sends, and a redelivered event changes nothing.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { emailSuppressions, notifications } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { sendMail } from "#app/lib/mail.server.ts";
import {
  isSuppressed,
  listSuppressions,
  suppressedSends,
  unsuppress,
} from "#app/lib/mail-suppressions.server.ts";
import { joinWaitlist } from "#app/modules/waitlist/join-waitlist.server.ts";
import { sendWaitlistConfirmationJob } from "#app/modules/waitlist/send-waitlist-confirmation.server.ts";
import { createApp } from "./app.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { handleBounceWebhook } from "#app/modules/notifications/bounce-webhook.server.ts";

const POSTMARK_SECRET = "postmark-secret-0123456789";
const SES_SECRET = "ses-secret-0123456789abcdef";
const TOPIC = "arn:aws:sns:ap-southeast-2:123456789012:patch-ses-feedback";

const env = testServices({
  smtp: true,
  queues: [sendWaitlistConfirmationJob] as never,
  settings: {
    POSTMARK_WEBHOOK_SECRET: POSTMARK_SECRET,
    SES_WEBHOOK_SECRET: SES_SECRET,
    SES_SNS_TOPIC_ARNS: TOPIC,
  },
});

const basic = (password: string, user = "patch") =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

const post = (provider: string, body: unknown, authorization?: string) =>
  createApp({ settings: env.database.settings }).request(`/api/webhooks/email/${provider}`, {
    method: "POST",
    headers: {
      "content-type": provider === "ses" ? "text/plain; charset=UTF-8" : "application/json",
      ...(authorization ? { authorization } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

// Postmark's documented examples, with our addresses.
const postmarkBounce = (email: string, over: Record<string, unknown> = {}) => ({
  RecordType: "Bounce",
  MessageStream: "outbound",
  ID: 4323372036854,
  Type: "HardBounce",
  TypeCode: 1,
  Name: "Hard bounce",
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  ServerID: 23,
  Description:
    "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
  Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
  Email: email,
  From: "hello@patch.nz",
  BouncedAt: "2026-11-30T16:33:54.9070259Z",
  DumpAvailable: true,
  Inactive: true,
  CanActivate: true,
  Subject: "Confirm you're on the Patch waitlist",
  ...over,
});

const postmarkComplaint = (email: string) => ({
  RecordType: "SpamComplaint",
  MessageStream: "outbound",
  ID: 42,
  Type: "SpamComplaint",
  TypeCode: 512,
  Name: "Spam complaint",
  MessageID: "00000000-0000-0000-0000-000000000000",
  ServerID: 1234,
  Details: "Test spam complaint details",
  Email: email,
  From: "hello@patch.nz",
  BouncedAt: "2026-11-30T16:33:54.9070259Z",
  Inactive: true,
  CanActivate: false,
});

// An SNS notification carrying an SES bounce or complaint (the format SES documents).
const sesNotification = (message: unknown, over: Record<string, unknown> = {}) => ({
  Type: "Notification",
  MessageId: crypto.randomUUID(),
  TopicArn: TOPIC,
  Message: JSON.stringify(message),
  Timestamp: "2026-11-30T16:33:54.907Z",
  SignatureVersion: "1",
  Signature: "EXAMPLE",
  SigningCertURL: "https://sns.ap-southeast-2.amazonaws.com/SimpleNotificationService-x.pem",
  UnsubscribeURL: "https://sns.ap-southeast-2.amazonaws.com/?Action=Unsubscribe",
  ...over,
});
const sesBounce = (email: string, bounceType = "Permanent") => ({
  notificationType: "Bounce",
  bounce: {
    bounceType,
    bounceSubType: "General",
    bouncedRecipients: [
      { emailAddress: email, action: "failed", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1" },
    ],
    timestamp: "2026-11-30T16:33:54.907Z",
    feedbackId: `feedback-${email}`,
  },
  mail: { source: "hello@patch.nz", destination: [email] },
});
const sesComplaint = (email: string) => ({
  notificationType: "Complaint",
  complaint: {
    complainedRecipients: [{ emailAddress: email }],
    complaintFeedbackType: "abuse",
    timestamp: "2026-11-30T16:33:54.907Z",
    feedbackId: `complaint-${email}`,
  },
  mail: { source: "hello@patch.nz", destination: [email] },
});

test("a webhook with a wrong or missing secret is refused with 401 and suppresses nothing", async () => {
  for (const [provider, body] of [
    ["postmark", postmarkBounce("nobody.1@example.nz")],
    ["ses", sesNotification(sesBounce("nobody.1@example.nz"))],
  ] as const) {
    const none = await post(provider, body);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Basic/);
    const wrong = await post(provider, body, basic("not-the-secret-at-all"));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ ok: false, message: expect.any(String) });
    // Each provider's secret is its own.
    const other = await post(
      provider,
      body,
      basic(provider === "ses" ? POSTMARK_SECRET : SES_SECRET),
    );
    expect(other.status).toBe(401);
  }
  expect(await isSuppressed("nobody.1@example.nz")).toBe(false);
  // An unknown provider, or one whose secret isn't set, isn't there at all.
  expect((await post("mailgun", {}, basic(POSTMARK_SECRET))).status).toBe(404);
  // With its secret unset a provider's webhook is off.
  setSettings({
    ...env.database.settings,
    bounceWebhooks: { postmark: undefined, ses: undefined },
  });
  try {
    const off = await handleBounceWebhook("postmark", {
      authorization: basic(POSTMARK_SECRET),
      body: JSON.stringify(postmarkBounce("nobody.1@example.nz")),
    });
    expect(off.status).toBe(404);
  } finally {
    setSettings(env.database.settings);
  }
  expect(await isSuppressed("nobody.1@example.nz")).toBe(false);
});

test("Postmark's hard bounce and spam complaint suppress the address once, however often delivered", async () => {
  const bounce = postmarkBounce("Gone.Away@Example.NZ");
  const first = await post("postmark", bounce, basic(POSTMARK_SECRET));
  expect(first.status).toBe(200);
  expect(await first.json()).toMatchObject({ ok: true, suppressed: 1 });
  // Redelivered (Postmark retries until it gets a 200): nothing changes.
  const again = await post("postmark", bounce, basic(POSTMARK_SECRET, "any-user"));
  expect(again.status).toBe(200);
  expect(await again.json()).toMatchObject({ ok: true, suppressed: 0 });
  const rows = await db()
    .select()
    .from(emailSuppressions)
    .where(eq(emailSuppressions.address, "gone.away@example.nz"));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ reason: "bounce", source: "postmark" });
  expect(rows[0]?.detail).toContain("HardBounce");

  expect(
    (await post("postmark", postmarkComplaint("angry@example.nz"), basic(POSTMARK_SECRET))).status,
  ).toBe(200);
  expect(await isSuppressed("angry@example.nz")).toBe(true);
  const [complaint] = await db()
    .select()
    .from(emailSuppressions)
    .where(eq(emailSuppressions.address, "angry@example.nz"));
  expect(complaint?.reason).toBe("complaint");

  // A soft bounce (the mailbox is full today) suppresses nothing.
  const soft = await post(
    "postmark",
    postmarkBounce("full@example.nz", { Type: "SoftBounce", TypeCode: 4096, Inactive: false }),
    basic(POSTMARK_SECRET),
  );
  expect(soft.status).toBe(200);
  expect(await isSuppressed("full@example.nz")).toBe(false);
  // Not a Postmark record: refused in words.
  const junk = await post("postmark", { hello: "world" }, basic(POSTMARK_SECRET));
  expect(junk.status).toBe(400);
  expect(await junk.json()).toMatchObject({ ok: false, message: expect.any(String) });
  expect((await post("postmark", "not json", basic(POSTMARK_SECRET))).status).toBe(400);
});

test("SES's permanent bounce and complaint through SNS suppress; transient bounces, other topics and foreign confirmation URLs don't", async () => {
  const note = sesNotification(sesBounce("ses.gone@example.nz"));
  expect((await post("ses", note, basic(SES_SECRET))).status).toBe(200);
  expect((await (await post("ses", note, basic(SES_SECRET))).json()) as object).toMatchObject({
    suppressed: 0,
  });
  expect(await isSuppressed("ses.gone@example.nz")).toBe(true);
  expect(
    (await post("ses", sesNotification(sesComplaint("ses.angry@example.nz")), basic(SES_SECRET)))
      .status,
  ).toBe(200);
  expect(await isSuppressed("ses.angry@example.nz")).toBe(true);
  // SNS's raw message delivery: the SES notification itself.
  expect((await post("ses", sesBounce("ses.raw@example.nz"), basic(SES_SECRET))).status).toBe(200);
  expect(await isSuppressed("ses.raw@example.nz")).toBe(true);

  await post(
    "ses",
    sesNotification(sesBounce("ses.later@example.nz", "Transient")),
    basic(SES_SECRET),
  );
  expect(await isSuppressed("ses.later@example.nz")).toBe(false);
  const otherTopic = await post(
    "ses",
    sesNotification(sesBounce("ses.other@example.nz"), { TopicArn: `${TOPIC}-not-ours` }),
    basic(SES_SECRET),
  );
  expect(otherTopic.status).toBe(400);
  expect(await isSuppressed("ses.other@example.nz")).toBe(false);

  // A subscription is confirmed by fetching SNS's own URL, and no other.
  const confirmed: string[] = [];
  const confirm = async (url: string) => (confirmed.push(url), true);
  const subscription = (url: string) =>
    JSON.stringify({
      Type: "SubscriptionConfirmation",
      MessageId: "m1",
      TopicArn: TOPIC,
      Message: "You have chosen to subscribe...",
      SubscribeURL: url,
      Token: "t",
    });
  const good = "https://sns.ap-southeast-2.amazonaws.com/?Action=ConfirmSubscription&Token=t";
  expect(
    (
      await handleBounceWebhook(
        "ses",
        { authorization: basic(SES_SECRET), body: subscription(good) },
        confirm,
      )
    ).status,
  ).toBe(200);
  const evil = await handleBounceWebhook(
    "ses",
    {
      authorization: basic(SES_SECRET),
      body: subscription("https://attacker.example/?x=sns.amazonaws.com"),
    },
    confirm,
  );
  expect(evil.status).toBe(400);
  expect(confirmed).toEqual([good]);
});

test("a suppressed address gets no mail from any send on the real SMTP server; removing it lets mail go again", async () => {
  await post("postmark", postmarkBounce("bounced.joiner@example.nz"), basic(POSTMARK_SECRET));
  const before = suppressedSends();
  // The waitlist's confirmation: the join answers as for anyone; its job sends nothing.
  const joined = await joinWaitlist(
    { email: "bounced.joiner@example.nz", region: "Otago" },
    { ip: "203.0.113.9", page: "/waitlist" },
  );
  expect(joined.ok).toBe(true);
  const other = await joinWaitlist(
    { email: "fine.joiner@example.nz", region: "Otago" },
    { ip: "203.0.113.9", page: "/waitlist" },
  );
  expect(other.ok).toBe(true);
  await drainQueue([sendWaitlistConfirmationJob]);
  expect(env.smtp.messages.map((m) => m.to)).toEqual(["fine.joiner@example.nz"]);
  // Its send record says why, and no retry sends it.
  const [record] = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.recipient, "bounced.joiner@example.nz"));
  expect(record).toMatchObject({ status: "suppressed", sentAt: null });
  // Any other send (an account's e-mail goes straight through sendMail), in any spelling.
  const direct = await sendMail({
    to: "Bounced.Joiner@Example.NZ",
    subject: "Reset your password",
    text: "x",
    html: "<p>x</p>",
  });
  expect(direct.suppressed).toBe(true);
  expect(suppressedSends()).toBe(before + 2);
  expect(env.smtp.received).toBe(1);

  // The admin removes it: mail goes again.
  expect(await unsuppress("bounced.joiner@example.nz")).toBe(true);
  expect((await listSuppressions({ search: "bounced.joiner" })).rows).toHaveLength(0);
  await sendMail({
    to: "bounced.joiner@example.nz",
    subject: "Hello",
    text: "x",
    html: "<p>x</p>",
  });
  expect(env.smtp.messages.map((m) => m.to)).toContain("bounced.joiner@example.nz");
});
