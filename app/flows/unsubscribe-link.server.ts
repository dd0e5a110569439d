// Every unsubscribe link we send, for /unsubscribe and /api/unsubscribe (RFC 8058 one-click): the
// garden area's "Your garden this month" link (ADR 045), else the growing tips' and waitlist's
// (app/modules/growing-tips/unsubscribe-link.server.ts). Two areas, so the flow asks both; the
// token's signed purpose says whose it is.
import {
  readGardenUnsubscribe,
  unsubscribeGardenByLink,
} from "#app/modules/garden/garden-email-opt-out.server.ts";
import {
  readUnsubscribeLink,
  unsubscribeByLink,
  type UnsubscribeKind,
} from "#app/modules/growing-tips/unsubscribe-link.server.ts";

export type AnyUnsubscribeKind = UnsubscribeKind | "member-garden";

export async function readAnyUnsubscribeLink(
  token: string | null,
): Promise<{ kind: AnyUnsubscribeKind; email: string; unsubscribed: boolean } | null> {
  return (await readGardenUnsubscribe(token)) ?? readUnsubscribeLink(token);
}

export async function unsubscribeAnyByLink(
  token: string | null,
): Promise<{ ok: true; kind: AnyUnsubscribeKind; email: string } | { ok: false }> {
  return (await unsubscribeGardenByLink(token)) ?? unsubscribeByLink(token);
}
