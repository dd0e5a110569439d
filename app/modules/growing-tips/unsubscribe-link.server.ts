// Every unsubscribe link we send, for /unsubscribe (the page and its button) and /api/unsubscribe
// (RFC 8058 one-click): a waitlist contact's link ends their waitlist e-mails; a member's tips link
// switches off their monthly tips. The token's signed purpose says which it is.
import {
  contactForUnsubscribe,
  unsubscribeContact,
} from "#app/modules/waitlist/unsubscribe-contact.server.ts";
import { readMemberTipsToken } from "./member-tips-links.server.ts";
import { memberForTipsUnsubscribe, unsubscribeMemberFromTips } from "./tips-opt-out.server.ts";

export type UnsubscribeKind = "contact" | "member-tips";

export async function readUnsubscribeLink(
  token: string | null,
): Promise<{ kind: UnsubscribeKind; email: string; unsubscribed: boolean } | null> {
  if (readMemberTipsToken(token)) {
    const member = await memberForTipsUnsubscribe(token);
    return member
      ? { kind: "member-tips", email: member.email, unsubscribed: member.unsubscribed }
      : null;
  }
  const contact = await contactForUnsubscribe(token);
  return contact ? { kind: "contact", ...contact } : null;
}

export async function unsubscribeByLink(
  token: string | null,
): Promise<{ ok: true; kind: UnsubscribeKind; email: string } | { ok: false }> {
  if (readMemberTipsToken(token)) {
    const result = await unsubscribeMemberFromTips(token);
    return result.ok ? { ...result, kind: "member-tips" } : result;
  }
  const result = await unsubscribeContact(token);
  return result.ok ? { ...result, kind: "contact" } : result;
}
