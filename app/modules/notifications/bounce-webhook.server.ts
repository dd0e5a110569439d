// POST /api/webhooks/email/{provider}: the mail provider tells us an address bounced for good or
// its owner marked our mail as spam, and the address goes on the suppression list that every send
// respects (ADR 066). One adapter per provider turns its format into suppressions:
//   - Postmark's bounce and spam-complaint webhooks (and its suppression-change records);
//   - Amazon SES's bounce and complaint notifications, delivered by SNS (its envelope, or raw).
// Each is off unless its secret is set, and verified by HTTP basic auth: the secret is the
// password in the webhook URL the provider is given (https://patch:<secret>@host/...), which
// Postmark and SNS both send as an Authorization header. A redelivered event changes nothing.
import { createHash, timingSafeEqual } from "node:crypto";
import { settings } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { suppress, type Suppression } from "#app/lib/mail-suppressions.server.ts";
import { z } from "#app/lib/zod.ts";

export type BounceProvider = "postmark" | "ses";

/** What one delivery of the webhook says, in our terms. */
export type ParsedEvent =
  | { kind: "suppress"; entries: Suppression[] }
  /** Nothing for us (a soft bounce, a delivery, an open). */
  | { kind: "ignore"; why: string }
  /** SNS asks the endpoint to confirm the subscription by fetching this URL. */
  | { kind: "confirm-subscription"; url: string; topicArn: string };

/** A provider's format: how its body becomes suppressions. */
export interface BounceAdapter {
  provider: BounceProvider;
  /** Its secret when the webhook is on; undefined: off (404). */
  secret(): string | undefined;
  /** The body, parsed as JSON; a string in words when it isn't one of the provider's events. */
  parse(body: unknown): ParsedEvent | string;
}

const when = (value: string | undefined) => {
  const at = value ? new Date(value) : new Date();
  return Number.isNaN(at.getTime()) ? new Date() : at;
};

// Postmark (https://postmarkapp.com/developer/webhooks/bounce-webhook, spam-complaint-webhook).
const postmarkEvent = z.looseObject({
  RecordType: z.string(),
  ID: z.union([z.number(), z.string()]).optional(),
  Type: z.string().optional(),
  Email: z.string().optional(),
  Recipient: z.string().optional(),
  Description: z.string().optional(),
  Details: z.string().optional(),
  BouncedAt: z.string().optional(),
  ChangedAt: z.string().optional(),
  /** Postmark stopped sending to the address itself (hard bounces, complaints). */
  Inactive: z.boolean().optional(),
  SuppressSending: z.boolean().optional(),
  SuppressionReason: z.string().optional(),
});

/** Bounce types that mean the address will never take mail (Postmark also marks them Inactive). */
const POSTMARK_PERMANENT = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"]);

export const postmarkAdapter: BounceAdapter = {
  provider: "postmark",
  secret: () => settings().bounceWebhooks.postmark?.secret,
  parse(body) {
    const parsed = postmarkEvent.safeParse(body);
    if (!parsed.success) return "This isn't a Postmark webhook record.";
    const e = parsed.data;
    const address = e.Email ?? e.Recipient;
    const eventId = e.ID === undefined ? null : `postmark:${e.RecordType}:${e.ID}`;
    if (e.RecordType === "SpamComplaint") {
      if (!address) return "The spam complaint names no address.";
      return {
        kind: "suppress",
        entries: [
          {
            address,
            reason: "complaint",
            source: "postmark",
            detail: e.Details ?? e.Description ?? "Spam complaint",
            eventId,
            occurredAt: when(e.BouncedAt),
          },
        ],
      };
    }
    if (e.RecordType === "Bounce") {
      if (!address) return "The bounce names no address.";
      if (!e.Inactive && !POSTMARK_PERMANENT.has(e.Type ?? ""))
        return { kind: "ignore", why: `a ${e.Type ?? "temporary"} bounce` };
      return {
        kind: "suppress",
        entries: [
          {
            address,
            reason: "bounce",
            source: "postmark",
            detail: [e.Type, e.Description].filter(Boolean).join(": ") || "Hard bounce",
            eventId,
            occurredAt: when(e.BouncedAt),
          },
        ],
      };
    }
    // Postmark's own suppression list changed (e.g. it suppressed after a hard bounce).
    if (e.RecordType === "SubscriptionChange" && e.SuppressSending && address) {
      const reason = e.SuppressionReason === "SpamComplaint" ? "complaint" : "bounce";
      return {
        kind: "suppress",
        entries: [
          {
            address,
            reason,
            source: "postmark",
            detail: `Suppressed by Postmark: ${e.SuppressionReason ?? "unknown reason"}`,
            eventId,
            occurredAt: when(e.ChangedAt),
          },
        ],
      };
    }
    return { kind: "ignore", why: `a ${e.RecordType} record` };
  },
};

// Amazon SES through SNS (https://docs.aws.amazon.com/ses/latest/dg/notification-contents.html).
const snsEnvelope = z.looseObject({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: z.string(),
  TopicArn: z.string(),
  Message: z.string(),
  SubscribeURL: z.string().optional(),
});

const recipients = z.array(z.looseObject({ emailAddress: z.string() }));
const sesNotification = z.looseObject({
  // Identity notifications say notificationType; configuration-set event publishing, eventType.
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z
    .looseObject({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: recipients,
      timestamp: z.string().optional(),
      feedbackId: z.string().optional(),
    })
    .optional(),
  complaint: z
    .looseObject({
      complainedRecipients: recipients,
      complaintFeedbackType: z.string().optional(),
      timestamp: z.string().optional(),
      feedbackId: z.string().optional(),
    })
    .optional(),
});

/** Only SNS's own addresses are fetched to confirm a subscription. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

function sesEvent(message: unknown, fallbackId: string): ParsedEvent | string {
  const parsed = sesNotification.safeParse(message);
  if (!parsed.success) return "This isn't an SES notification.";
  const n = parsed.data;
  const type = n.notificationType ?? n.eventType;
  if (type === "Bounce" && n.bounce) {
    // Transient and Undetermined bounces may deliver later: SES itself retries those.
    if (n.bounce.bounceType !== "Permanent")
      return { kind: "ignore", why: `a ${n.bounce.bounceType} bounce` };
    return {
      kind: "suppress",
      entries: n.bounce.bouncedRecipients.map((r) => ({
        address: r.emailAddress,
        reason: "bounce" as const,
        source: "ses" as const,
        detail: `Permanent: ${n.bounce!.bounceSubType ?? "General"}${
          typeof r.diagnosticCode === "string" ? ` (${r.diagnosticCode})` : ""
        }`,
        eventId: `ses:${n.bounce!.feedbackId ?? fallbackId}`,
        occurredAt: when(n.bounce!.timestamp),
      })),
    };
  }
  if (type === "Complaint" && n.complaint) {
    // "not-spam" is a recipient saying the opposite: nothing to hold back.
    if (n.complaint.complaintFeedbackType === "not-spam")
      return { kind: "ignore", why: "a not-spam report" };
    return {
      kind: "suppress",
      entries: n.complaint.complainedRecipients.map((r) => ({
        address: r.emailAddress,
        reason: "complaint" as const,
        source: "ses" as const,
        detail: `Complaint: ${n.complaint!.complaintFeedbackType ?? "abuse"}`,
        eventId: `ses:${n.complaint!.feedbackId ?? fallbackId}`,
        occurredAt: when(n.complaint!.timestamp),
      })),
    };
  }
  return { kind: "ignore", why: `an SES ${type ?? "unknown"} notification` };
}

export const sesAdapter: BounceAdapter = {
  provider: "ses",
  secret: () => settings().bounceWebhooks.ses?.secret,
  parse(body) {
    const envelope = snsEnvelope.safeParse(body);
    // SNS's raw message delivery posts the SES notification itself.
    if (!envelope.success) return sesEvent(body, "raw");
    const e = envelope.data;
    const topics = settings().bounceWebhooks.ses?.topicArns ?? [];
    if (topics.length > 0 && !topics.includes(e.TopicArn))
      return "This SNS topic isn't one we take notifications from.";
    if (e.Type === "SubscriptionConfirmation") {
      const url = e.SubscribeURL ? URL.parse(e.SubscribeURL) : null;
      if (!url || url.protocol !== "https:" || !SNS_HOST.test(url.hostname))
        return "The subscription's confirmation address isn't Amazon SNS's.";
      return { kind: "confirm-subscription", url: url.toString(), topicArn: e.TopicArn };
    }
    if (e.Type === "UnsubscribeConfirmation") return { kind: "ignore", why: "an unsubscribe" };
    let message: unknown;
    try {
      message = JSON.parse(e.Message);
    } catch {
      return "The SNS message isn't JSON.";
    }
    return sesEvent(message, e.MessageId);
  },
};

export const BOUNCE_ADAPTERS: Record<BounceProvider, BounceAdapter> = {
  postmark: postmarkAdapter,
  ses: sesAdapter,
};

export interface BounceWebhookAnswer {
  status: 200 | 400 | 401 | 404 | 502;
  body: { ok: boolean; message: string; suppressed?: number };
  headers?: Record<string, string>;
}

/** The basic-auth password (any user name), compared in constant time. */
function authorised(header: string | undefined, secret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  const digest = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(digest(decoded.slice(colon + 1)), digest(secret));
}

/** How an SNS subscription is confirmed: fetching its URL (a test gives its own). */
export type ConfirmSubscription = (url: string) => Promise<boolean>;

const fetchToConfirm: ConfirmSubscription = async (url) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await res.body?.cancel();
  return res.ok;
};

export async function handleBounceWebhook(
  providerName: string,
  request: { authorization: string | undefined; body: string },
  confirm: ConfirmSubscription = fetchToConfirm,
): Promise<BounceWebhookAnswer> {
  const adapter = BOUNCE_ADAPTERS[providerName as BounceProvider] as BounceAdapter | undefined;
  const secret = adapter?.secret();
  if (!adapter || !secret)
    return { status: 404, body: { ok: false, message: "No such webhook here." } };
  if (!authorised(request.authorization, secret)) {
    log.warn({ provider: adapter.provider }, "bounce webhook: wrong or missing credentials");
    return {
      status: 401,
      body: { ok: false, message: "These credentials aren't this webhook's." },
      headers: { "WWW-Authenticate": 'Basic realm="webhooks", charset="UTF-8"' },
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(request.body);
  } catch {
    return { status: 400, body: { ok: false, message: "The body isn't JSON." } };
  }
  const event = adapter.parse(json);
  if (typeof event === "string") return { status: 400, body: { ok: false, message: event } };
  if (event.kind === "ignore")
    return { status: 200, body: { ok: true, message: `Nothing to do for ${event.why}.` } };
  if (event.kind === "confirm-subscription") {
    const confirmed = await confirm(event.url).catch(() => false);
    log.info({ topicArn: event.topicArn, confirmed }, "bounce webhook: SNS subscription");
    return confirmed
      ? { status: 200, body: { ok: true, message: "Subscription confirmed." } }
      : { status: 502, body: { ok: false, message: "Amazon SNS didn't take the confirmation." } };
  }
  const added = await suppress(event.entries);
  log.info(
    {
      provider: adapter.provider,
      reasons: [...new Set(event.entries.map((e) => e.reason))],
      added,
    },
    "bounce webhook: addresses suppressed",
  );
  return {
    status: 200,
    body: {
      ok: true,
      message: added > 0 ? "Suppressed." : "Already suppressed.",
      suppressed: added,
    },
  };
}
