// POST /api/webhooks/twilio/sms: replies to our texts. Verified with Twilio's signature over our
// public URL (SITE_URL, not the address the proxy forwarded to), rate-limited, and answered in
// TwiML. An opt-out word ends every running reminder to that number at once (Unsolicited
// Electronic Messages Act); START and HELP get a short answer; anything else goes to `onMessage`
// when the caller gives one (the coaches, ADR 070: server/api.ts wires it), whose answer is the
// reply, or gets an empty reply. Stopping only touches running rows, so Twilio retrying the same
// request is harmless; `onMessage` is handed Twilio's MessageSid to be the same.
import { clientKey } from "#app/lib/client-ip.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { log } from "#app/lib/log.server.ts";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";
import { toGsm } from "./sms-text.ts";
import { stopSmsRemindersForNumber } from "./stop-sms-reminders.server.ts";
import { verifyTwilioSignature } from "./twilio-signature.server.ts";

export const OPT_OUT_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);
const HELP_WORDS = new Set(["HELP", "INFO"]);

/**
 * Per calling address. Twilio's bursts of replies are well under this; a flood is not. A signed
 * opt-out is still honoured over the limit: a STOP must never be lost.
 */
export const WEBHOOK_LIMIT = { limit: 300, windowSeconds: 60 } as const;

export interface SmsWebhookRequest {
  /** The URL the request arrived at; only its path and query are used. */
  url: string;
  /** The raw application/x-www-form-urlencoded body. */
  body: string;
  signature: string | undefined;
  clientIp: string;
}

export interface SmsWebhookAnswer {
  status: 200 | 403 | 429 | 503;
  contentType: "text/xml; charset=utf-8" | "text/plain; charset=utf-8";
  body: string;
  retryAfter?: number;
}

const plain = (status: SmsWebhookAnswer["status"], body: string): SmsWebhookAnswer => ({
  status,
  contentType: "text/plain; charset=utf-8",
  body,
});

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A TwiML answer: one text back, or none. */
export function twiml(message?: string): SmsWebhookAnswer {
  const inner = message
    ? `<Response><Message>${escapeXml(message)}</Message></Response>`
    : "<Response/>";
  return {
    status: 200,
    contentType: "text/xml; charset=utf-8",
    body: `<?xml version="1.0" encoding="UTF-8"?>${inner}`,
  };
}

/** "Stop." and " stop " count as STOP; the word is the whole message. */
export function keywordOf(body: string | null): string {
  return (body ?? "").replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "").toUpperCase();
}

/** Any other text: answers the reply to send, or nothing for no reply. */
export type OnTextMessage = (text: {
  from: string;
  body: string | null;
  messageSid: string | null;
}) => Promise<string | undefined>;

export async function handleTwilioSmsWebhook(
  req: SmsWebhookRequest,
  { onMessage }: { onMessage?: OnTextMessage } = {},
): Promise<SmsWebhookAnswer> {
  const s = settings();
  const token = s.twilio?.authToken ?? s.smsWebhookAuthToken;
  if (!token) return plain(503, "Text message replies aren't set up on this server.");

  const limit = await hitRateLimit(
    "sms-webhook",
    clientKey(req.clientIp),
    WEBHOOK_LIMIT.limit,
    WEBHOOK_LIMIT.windowSeconds,
  );
  const tooMany = { ...plain(429, "Too many requests."), retryAfter: limit.retryAfter };

  const params = new URLSearchParams(req.body);
  const arrived = new URL(req.url);
  const publicUrl = `${s.siteUrl}${arrived.pathname}${arrived.search}`;
  if (!verifyTwilioSignature(token, publicUrl, params, req.signature)) {
    if (!limit.allowed) return tooMany;
    log.warn("text message webhook with a bad or missing signature");
    return plain(403, "Invalid signature.");
  }

  const from = (params.get("From") ?? "").trim();
  const word = keywordOf(params.get("Body"));
  const optOut = (OPT_OUT_WORDS as readonly string[]).includes(word);
  if (!limit.allowed && !optOut) return tooMany;
  const brand = s.brandName;
  if (optOut) {
    const stopped = from ? await stopSmsRemindersForNumber(from) : 0;
    if (stopped > 0) log.info({ stopped }, "text reminders stopped by a STOP reply");
    return twiml(
      toGsm(
        `${brand}: you're unsubscribed and won't get any more garden reminder texts from us. You can switch them back on in your profile.`,
      ),
    );
  }
  if (START_WORDS.has(word)) {
    return twiml(
      toGsm(
        `${brand}: to get garden reminders again, switch them on in your profile at ${s.siteUrl}/profile/reminders. Reply STOP to end.`,
      ),
    );
  }
  if (HELP_WORDS.has(word)) {
    return twiml(
      toGsm(
        `${brand} garden reminders: tips for your grow box, weekly or monthly. Manage them at ${s.siteUrl}/profile/reminders or email ${s.contactEmail}. Reply STOP to end.`,
      ),
    );
  }
  if (onMessage && from) {
    const reply = await onMessage({
      from,
      body: params.get("Body"),
      messageSid: params.get("MessageSid") ?? params.get("SmsSid"),
    });
    if (reply) return twiml(toGsm(reply));
  }
  return twiml();
}
