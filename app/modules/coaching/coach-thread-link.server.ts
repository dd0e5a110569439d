// The signed link to a member's coach thread (issue 41), as the answer e-mail and text carry it.
// H1's member side exports the same `coachThreadLink` from member-thread.server.ts; the lead keeps
// one of the two at merge.
import { settings } from "#app/lib/env.server.ts";
import { signToken, TOKEN_PURPOSES } from "#app/lib/signed-token.server.ts";

export function coachThreadLink(threadId: string): string {
  const token = signToken(TOKEN_PURPOSES.coachThread, threadId);
  return `${settings().siteUrl}/coach/${threadId}?key=${token}`;
}
