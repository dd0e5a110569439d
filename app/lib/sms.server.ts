// Sending text messages: one interface, Twilio's REST API when settings().twilio is set, otherwise
// a file outbox (SMS_OUTBOX_DIR, one JSON file per text) read back by the dev tools and the tests.
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { settings } from "./env.server.ts";
import { readOutboxFolder, writeOutboxFile } from "./outbox-file.server.ts";
import { trackSend } from "./sends-in-flight.server.ts";

export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<{ id: string }>;
}

export interface OutboxText extends SmsMessage {
  id: string;
  sentAt: string;
}

function fileOutbox(dir: string): SmsProvider {
  return {
    async send(message) {
      const folder = resolve(dir);
      const id = randomUUID();
      const text: OutboxText = { id, ...message, sentAt: new Date().toISOString() };
      writeOutboxFile(folder, `${Date.now()}-${id}.json`, JSON.stringify(text, null, 2));
      return { id };
    },
  };
}

function twilio(config: NonNullable<ReturnType<typeof settings>["twilio"]>): SmsProvider {
  return {
    async send(message) {
      const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
      const res = await fetch(url, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!res.ok || !body.sid) {
        throw new Error(`Twilio refused the text (${res.status}): ${body.message ?? "no reason"}`);
      }
      return { id: body.sid };
    },
  };
}

export function smsProvider(): SmsProvider {
  const s = settings();
  return s.twilio ? twilio(s.twilio) : fileOutbox(s.smsOutboxDir);
}

export function sendSms(message: SmsMessage): Promise<{ id: string }> {
  return trackSend(smsProvider().send(message));
}

/** The file outbox, newest first. */
export function readSmsOutbox(dir = settings().smsOutboxDir): OutboxText[] {
  return readOutboxFolder(dir, ".json", (text) => JSON.parse(text) as OutboxText);
}
