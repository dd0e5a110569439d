// A member's own one-click unsubscribe from the growing tips: a signed link for their user id (no
// sign-in needed), separate from the waitlist contacts' links so neither can stand in for the other.
import { settings } from "#app/lib/env.server.ts";
import { signToken, TOKEN_PURPOSES, verifyToken } from "#app/lib/signed-token.server.ts";

const PURPOSE = TOKEN_PURPOSES.memberTipsUnsubscribe;

export function memberTipsUnsubscribeUrl(userId: string): string {
  return `${settings().siteUrl}/unsubscribe?token=${signToken(PURPOSE, userId)}`;
}

/** RFC 8058 one-click endpoint (POST) for the List-Unsubscribe header. */
export function memberTipsOneClickUrl(userId: string): string {
  return `${settings().siteUrl}/api/unsubscribe?token=${signToken(PURPOSE, userId)}`;
}

export const readMemberTipsToken = (token: string | null | undefined) =>
  verifyToken(PURPOSE, token);
