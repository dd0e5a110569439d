// The privacy policy, terms and returns and guarantee (content/legal). Their text says {email} and {phone} where our
// contact details go: the settings decide those, so they are filled in on every render as links.
import type { DocumentHeading } from "./guidance-content.ts";
import { loadLegalFile } from "./load-content.server.ts";

export const LEGAL_PAGES = ["privacy", "terms", "returns"] as const;
export type LegalPageId = (typeof LEGAL_PAGES)[number];

export interface ContactDetails {
  email: string;
  phone: string;
}

export interface LegalPage {
  title: string;
  description: string;
  updated: string;
  html: string;
  /** The ## headings, for the table of contents. */
  contents: DocumentHeading[];
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** "+64 9 555 0142" → "tel:+6495550142" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

export function fillContactDetails(html: string, contact: ContactDetails): string {
  const email = escapeHtml(contact.email);
  const phone = escapeHtml(contact.phone);
  return html
    .replaceAll("{email}", `<a href="mailto:${email}">${email}</a>`)
    .replaceAll("{phone}", `<a href="${escapeHtml(telHref(contact.phone))}">${phone}</a>`);
}

export function getLegalPage(id: LegalPageId, contact: ContactDetails): LegalPage | undefined {
  const file = loadLegalFile(id);
  if (!file) return undefined;
  return {
    title: file.frontMatter.title,
    description: file.frontMatter.description,
    updated: file.frontMatter.updated,
    html: fillContactDetails(file.body.html, contact),
    contents: file.body.headings.filter((h) => h.depth === 2),
  };
}
