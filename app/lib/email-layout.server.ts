// The one layout every e-mail uses: our identity in the footer and, for marketing and list mail,
// a one-click unsubscribe link (Unsolicited Electronic Messages Act 2007).
import { settings } from "./env.server.ts";

export interface EmailContent {
  subject: string;
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** Headed parts after the paragraphs (a digest's lists): a lead sentence and/or bullet points. */
  sections?: { heading: string; text?: string; items?: string[] }[];
  button?: { label: string; url: string };
  secondary?: { label: string; url: string }[];
  /** Why they get it, e.g. "You're getting this because you joined the Patch waitlist." */
  reason: string;
  unsubscribeUrl?: string;
  /** RFC 8058 one-click endpoint for the List-Unsubscribe header. */
  oneClickUnsubscribeUrl?: string;
}

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderEmail(content: EmailContent) {
  const s = settings();
  const identity = `${s.brandName} · Garden supplies delivered · ${s.contactEmail} · ${s.contactPhone} · ${s.siteUrl}`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.sections ?? []).flatMap((part) => [
      part.heading.toUpperCase(),
      ...(part.text ? [part.text] : []),
      ...(part.items ?? []).map((i) => `- ${i}`),
      "",
    ]),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ""] : []),
    ...(content.secondary ?? []).map((l) => `${l.label}: ${l.url}`),
    "",
    "--",
    content.reason,
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
    identity,
  ].join("\n");
  const html = `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(content.subject)}</title></head>
<body style="margin:0;background:#fbf7ee;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1d3327">
<span style="display:none;max-height:0;overflow:hidden">${escape(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px" cellpadding="0" cellspacing="0">
<tr><td style="padding:28px 28px 8px;font-family:Georgia,serif;font-size:24px;font-weight:bold;color:#2f6b45">${escape(s.brandName)}</td></tr>
<tr><td style="padding:8px 28px"><h1 style="font-family:Georgia,serif;font-size:26px;margin:0 0 12px">${escape(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.55;margin:0 0 14px">${escape(p)}</p>`).join("\n")}
${(content.sections ?? []).map((part) => `<h2 style="font-family:Georgia,serif;font-size:19px;color:#2f6b45;margin:22px 0 8px">${escape(part.heading)}</h2>${part.text ? `<p style="font-size:16px;line-height:1.55;margin:0 0 10px">${escape(part.text)}</p>` : ""}${part.items?.length ? `<ul style="font-size:16px;line-height:1.55;margin:0 0 14px;padding-left:22px">${part.items.map((i) => `<li style="margin:0 0 6px">${escape(i)}</li>`).join("")}</ul>` : ""}`).join("\n")}
${content.button ? `<p style="margin:22px 0"><a href="${escape(content.button.url)}" style="background:#2f6b45;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">${escape(content.button.label)}</a></p>` : ""}
${(content.secondary ?? []).map((l) => `<p style="font-size:15px;margin:0 0 10px"><a href="${escape(l.url)}" style="color:#2f6b45">${escape(l.label)}</a></p>`).join("\n")}
</td></tr>
<tr><td style="padding:20px 28px 28px;font-size:12px;line-height:1.5;color:#5b6b62;border-top:1px solid #eee">
${escape(content.reason)}${content.unsubscribeUrl ? ` <a href="${escape(content.unsubscribeUrl)}" style="color:#5b6b62">Unsubscribe</a>.` : ""}<br>${escape(identity)}
</td></tr></table></td></tr></table></body></html>`;
  const headers: Record<string, string> = {};
  if (content.oneClickUnsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${content.oneClickUnsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return { subject: content.subject, text, html, headers };
}
