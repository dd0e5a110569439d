// Reading what the e2e server sent: its file outbox, one .eml per message.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseMessage, type OutboxMessage } from "#app/modules/notifications/read-outbox.server.ts";
import { dataDir } from "./fixtures.ts";

export function sentMail(): OutboxMessage[] {
  const dir = join(dataDir(), "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => parseMessage(readFileSync(join(dir, f), "utf8"), f));
}

export async function mailTo(address: string, timeoutMs = 10_000): Promise<OutboxMessage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = sentMail().filter((m) => m.to === address);
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > until) throw new Error(`no e-mail to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function linkFrom(message: OutboxMessage, path: string): string {
  const match = message.text.match(
    new RegExp(`https?://[^\\s]+${path.replace(/[?]/g, "\\?")}[^\\s>]*`),
  );
  if (!match) throw new Error(`no ${path} link in:\n${message.text}`);
  return match[0];
}

/**
 * Confirms a waitlist address from its confirmation e-mail as a person does: the link is opened
 * first (as a mail scanner would, which must not confirm), then the page's button is pressed (its
 * form post carries the token).
 */
export async function confirmFrom(message: OutboxMessage): Promise<void> {
  const link = linkFrom(message, "/waitlist/confirm?token=");
  const page = await fetch(link);
  if (!page.ok || !(await page.text()).includes("Confirm my e-mail"))
    throw new Error(`the confirm page didn't ask first (${page.status})`);
  const token = new URL(link).searchParams.get("token") ?? "";
  const res = await fetch(link, {
    method: "POST",
    headers: { Origin: new URL(link).origin },
    body: new URLSearchParams({ token }),
  });
  if (!res.ok || !(await res.text()).includes("is on the waitlist"))
    throw new Error(`confirming failed (${res.status})`);
}
