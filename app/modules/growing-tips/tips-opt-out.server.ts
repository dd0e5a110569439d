// A member's monthly growing tips, on or off: the switch in their profile, and the one-click
// unsubscribe link in every tips e-mail (no sign-in needed). Off is kept as the time they said so.
import {
  memberEmailOptOut,
  switchEmailOptOut,
} from "#app/modules/accounts/email-opt-outs.server.ts";
import { readMemberTipsToken } from "./member-tips-links.server.ts";

/** Switches a member's tips on or off; switching off twice keeps the first time. */
export async function setGrowingTips(userId: string, on: boolean): Promise<void> {
  await switchEmailOptOut(userId, "tipsOptedOutAt", on);
}

/** The member a tips unsubscribe link belongs to, to show on the page before the click. */
export async function memberForTipsUnsubscribe(
  token: string | null,
): Promise<{ userId: string; email: string; unsubscribed: boolean } | null> {
  const userId = readMemberTipsToken(token);
  if (!userId) return null;
  const member = await memberEmailOptOut(userId, "tipsOptedOutAt");
  return member ? { userId, email: member.email, unsubscribed: member.off } : null;
}

/** The one click: the member's tips stop from now on. */
export async function unsubscribeMemberFromTips(
  token: string | null,
): Promise<{ ok: true; email: string } | { ok: false }> {
  const member = await memberForTipsUnsubscribe(token);
  if (!member) return { ok: false };
  await setGrowingTips(member.userId, false);
  return { ok: true, email: member.email };
}
