// Text messages in the e2e suite: the texts the site sent (the SMS outbox in the server's data
// directory) and a member's reply posted to the webhook as Twilio would, signed.
import { createHmac } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { asVisitor, baseUrl, dataDir } from "./fixtures.ts";
import { E2E_SMS_WEBHOOK_TOKEN } from "./server-process.ts";

export const WEBHOOK = "/api/webhooks/twilio/sms";

/** Texts to a number from the outbox, newest first. */
export function textsTo(to: string): string[] {
  const dir = join(dataDir(), "sms");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .reverse()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string; body: string })
    .filter((t) => t.to === to)
    .map((t) => t.body);
}

export async function waitForText(to: string, match: RegExp, count = 1): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const found = textsTo(to).filter((b) => match.test(b));
    if (found.length >= count) return found[0]!;
    if (Date.now() > until) throw new Error(`no text ${match} to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A reply as Twilio would post it, signed over the site's public URL. */
export async function replyByText(from: string, body: string): Promise<Response> {
  const params: Record<string, string> = {
    MessageSid: `SM${Date.now()}`,
    AccountSid: "AC00000000000000000000000000000000",
    From: from,
    To: "+6498870000",
    Body: body,
    NumMedia: "0",
  };
  const url = `${baseUrl()}${WEBHOOK}`;
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join("");
  const signature = createHmac("sha1", E2E_SMS_WEBHOOK_TOKEN).update(data).digest("base64");
  return fetch(url, {
    method: "POST",
    headers: asVisitor({
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature,
    }),
    body: new URLSearchParams(params).toString(),
  });
}
