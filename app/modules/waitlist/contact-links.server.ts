// The signed links a contact gets: confirm (double opt-in), unsubscribe (one click, no sign-in),
// and the growing-space survey.
import { settings } from "../../lib/env.server.ts";
import { signToken, verifyToken } from "../../lib/signed-token.server.ts";

const CONFIRM_DAYS = 30;

export function confirmUrl(contactId: string, now = Date.now()): string {
  const token = signToken("confirm", contactId, new Date(now + CONFIRM_DAYS * 86_400_000));
  return `${settings().siteUrl}/waitlist/confirm?token=${token}`;
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

export const readConfirmToken = (token: string | null) => verifyToken("confirm", token);
export const readUnsubscribeToken = (token: string | null) => verifyToken("unsubscribe", token);
export const readSurveyToken = (token: string | null | undefined) => verifyToken("survey", token);
