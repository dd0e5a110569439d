// The signed links a contact gets: confirm (double opt-in), unsubscribe (one click, no sign-in),
// the growing-space survey, and the status page (place in the queue, friends who joined).
import { settings } from "#app/lib/env.server.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { z } from "#app/lib/zod.ts";

const CONFIRM_DAYS = 30;

/**
 * The confirm link carries the time it was issued (subject `${contactId}:${issuedAtMs}`), so that
 * confirming lifts an unsubscribe only when the link is newer than it: a link from an e-mail sent
 * before the person unsubscribed can't quietly sign them up again.
 */
export function confirmUrl(contactId: string, now = Date.now()): string {
  const token = signToken(
    "confirm",
    `${contactId}:${now}`,
    new Date(now + CONFIRM_DAYS * 86_400_000),
  );
  return `${settings().siteUrl}/waitlist/confirm?token=${token}`;
}

export interface ConfirmToken {
  id: string;
  /** When the link was issued (ms since the epoch); 0 for links made before it was recorded. */
  issuedAt: number;
}

const contactId = z.uuid();

/** The contact and issue time of a genuine, unexpired confirm link; otherwise null. */
export function readConfirmToken(token: string | null | undefined): ConfirmToken | null {
  const subject = verifyToken("confirm", token);
  if (!subject) return null;
  const [id = "", issued, ...rest] = subject.split(":");
  if (!contactId.safeParse(id).success || rest.length > 0) return null;
  // A link from before the issue time was signed into it: the bare contact id.
  if (issued === undefined) return { id, issuedAt: 0 };
  const issuedAt = Number(issued);
  return /^\d+$/.test(issued) && Number.isSafeInteger(issuedAt) ? { id, issuedAt } : null;
}

export function unsubscribeUrl(contactId: string): string {
  return `${settings().siteUrl}/unsubscribe?token=${signToken("unsubscribe", contactId)}`;
}

export function oneClickUnsubscribeUrl(contactId: string): string {
  return `${settings().siteUrl}/api/unsubscribe?token=${signToken("unsubscribe", contactId)}`;
}

export function surveyToken(contactId: string): string {
  return signToken("survey", contactId);
}

/** The survey link: our own /define-garden carries a signed token; an external form gets none. */
export function surveyUrl(contactId?: string): string {
  const s = settings();
  const own = s.surveyUrl.startsWith(`${s.siteUrl}/define-garden`);
  if (!own || !contactId) return s.surveyUrl;
  const url = new URL(s.surveyUrl);
  url.searchParams.set("t", surveyToken(contactId));
  return url.toString();
}

export const readUnsubscribeToken = (token: string | null) => verifyToken("unsubscribe", token);
export const readSurveyToken = (token: string | null | undefined) => verifyToken("survey", token);

/** The contact's own status page (ADR 037): their place, their friends, their region's progress. */
export function statusUrl(contactId: string): string {
  return `${settings().siteUrl}/waitlist/status?t=${signToken("status", contactId)}`;
}
export const readStatusToken = (token: string | null | undefined) => verifyToken("status", token);
