// Sending e-mail: SMTP when SMTP_URL is set, otherwise a file outbox of .eml files (read by the
// dev mailbox page and by tests). Messages are composed by app/lib/mime-message.server.ts and
// handed to nodemailer whole, so its pooled SMTP transport writes each one in a single piece.
// Every message is checked against the suppression list first (ADR 066): an address that bounced
// for good or complained gets nothing, whichever part of the app sends.
import { resolve } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { settings } from "./env.server.ts";
import { log } from "./log.server.ts";
import { countSuppressedSend, isSuppressed, normaliseAddress } from "./mail-suppressions.server.ts";
import { composeMessage } from "./mime-message.server.ts";
import { writeOutboxFile } from "./outbox-file.server.ts";
import { countEmailFailed, countEmailSent } from "./metrics.server.ts";
import { trackSend } from "./sends-in-flight.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** The send's idempotency key: the Message-ID is made from it (ADR 044). */
  idempotencyKey?: string;
}

let transport: Transporter | undefined;
let transportUrl: string | undefined;

function smtpTransport(url: string): Transporter {
  if (transport && transportUrl === url) return transport;
  transport?.close();
  // The options go in the first argument (a second one only holds message defaults): a pool of
  // kept-open connections, so each message skips the connection and greeting (~100 ms). They are
  // kept for any number of messages: closing one after a fixed count (nodemailer's default is
  // 100) held up every message queued on it while a new one was opened. A server that closes a
  // connection itself is reconnected by the pool.
  transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: settings().smtpPoolSize,
    maxMessages: Infinity,
    socketTimeout: 10_000,
  } as never);
  transportUrl = url;
  return transport;
}

export interface SendResult {
  messageId: string;
  /** Not sent: the address is on the suppression list. */
  suppressed?: true;
}

export function sendMail(message: MailMessage): Promise<SendResult> {
  return trackSend(deliver(message));
}

async function deliver(message: MailMessage): Promise<SendResult> {
  const s = settings();
  if (await isSuppressed(message.to)) {
    countSuppressedSend();
    // The address's domain only: the log is no place for whom we don't write to.
    log.info(
      { domain: normaliseAddress(message.to).split("@")[1], key: message.idempotencyKey },
      "e-mail not sent: the address is suppressed",
    );
    return { messageId: "", suppressed: true };
  }
  const { raw, messageId, envelope } = await composeMessage({ from: s.mailFrom, ...message });
  if (s.smtpUrl) {
    try {
      await smtpTransport(s.smtpUrl).sendMail({ envelope, raw });
    } catch (error) {
      countEmailFailed();
      throw error;
    }
    countEmailSent("smtp");
  } else {
    const dir = resolve(s.mailOutboxDir);
    const safeId = messageId.replace(/[^a-zA-Z0-9.@-]/g, "");
    writeOutboxFile(dir, `${Date.now()}-${safeId}.eml`, raw);
    countEmailSent("outbox");
  }
  return { messageId };
}

export function closeMail(): void {
  transport?.close();
  transport = undefined;
  transportUrl = undefined;
}
