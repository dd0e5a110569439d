// Sending e-mail: SMTP when SMTP_URL is set, otherwise a file outbox of .eml files (read by the
// dev mailbox page and by tests).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { settings } from "./env.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

let transport: Transporter | undefined;
let transportKey: string | undefined;

function transporter(): Transporter {
  const s = settings();
  const key = s.smtpUrl ?? `file:${s.mailOutboxDir}`;
  if (transport && transportKey === key) return transport;
  transport?.close();
  // The options go in the first argument (a second one only holds message defaults): a pool of
  // kept-open connections, so each message skips the connection and greeting (~100 ms).
  transport = s.smtpUrl
    ? nodemailer.createTransport({
        url: s.smtpUrl,
        pool: true,
        maxConnections: 5,
        maxMessages: 1000,
        socketTimeout: 10_000,
      } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  transportKey = key;
  return transport;
}

export async function sendMail(message: MailMessage): Promise<{ messageId: string }> {
  const s = settings();
  const info = await transporter().sendMail({
    from: s.mailFrom,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  });
  if (!s.smtpUrl) {
    const dir = resolve(s.mailOutboxDir);
    mkdirSync(dir, { recursive: true });
    const safeId = String(info.messageId).replace(/[^a-zA-Z0-9.@-]/g, "");
    writeFileSync(join(dir, `${Date.now()}-${safeId}.eml`), (info as { message: Buffer }).message);
  }
  return { messageId: String(info.messageId) };
}

export function closeMail(): void {
  transport?.close();
  transport = undefined;
  transportKey = undefined;
}
