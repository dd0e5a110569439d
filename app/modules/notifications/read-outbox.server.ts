// Reads the file outbox (MAIL_OUTBOX_DIR) back: the dev mailbox page and the e2e tests use it.
import { settings } from "#app/lib/env.server.ts";
import { readOutboxFolder } from "#app/lib/outbox-file.server.ts";

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeHeader(v: string): string {
  return v.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0)
      headers[line.slice(0, i).trim().toLowerCase()] = decodeHeader(line.slice(i + 1).trim());
  }
  return headers;
}

function decodePart(headers: Record<string, string>, body: string): string {
  const enc = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (enc === "quoted-printable") return decodeQuotedPrintable(body);
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Parses a raw RFC 5322 message (as our mailer writes it) into its text and HTML parts. */
export function parseMessage(raw: string, file = ""): OutboxMessage {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  let text = "";
  let html = "";
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const at = part.search(/\r?\n\r?\n/);
      if (at < 0) continue;
      const ph = parseHeaders(part.slice(0, at).trim());
      const content = decodePart(
        ph,
        part
          .slice(at)
          .replace(/^\r?\n\r?\n/, "")
          .replace(/\r?\n$/, ""),
      );
      if ((ph["content-type"] ?? "").startsWith("text/plain")) text = content;
      if ((ph["content-type"] ?? "").startsWith("text/html")) html = content;
    }
  } else {
    text = decodePart(headers, body);
  }
  return {
    file,
    to: headers.to ?? "",
    subject: headers.subject ?? "",
    date: headers.date ?? "",
    text,
    html,
    headers,
  };
}

export function readOutbox(dir = settings().mailOutboxDir): OutboxMessage[] {
  return readOutboxFolder(dir, ".eml", parseMessage);
}
