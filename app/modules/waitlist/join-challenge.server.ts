// Issuing and checking the sign-up proof of work (ADR 022). Nothing is stored: the token is signed
// for the connection's rate-limit key and expires, and the work is bound to the address joined.
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { workIsDone, type JoinChallenge, type JoinWork } from "./join-challenge.ts";

const PURPOSE = "waitlist-join-work";
/** Long enough for a slow phone to finish; short enough that a solved token isn't worth keeping. */
const CHALLENGE_TTL_MS = 10 * 60_000;

export function issueJoinChallenge(
  limitKey: string,
  bits: number,
  now = Date.now(),
): JoinChallenge {
  return { token: signToken(PURPOSE, limitKey, new Date(now + CHALLENGE_TTL_MS)), bits };
}

/** True when the work answers a genuine, unexpired challenge issued to this connection. */
export async function joinWorkIsValid(
  work: JoinWork | undefined,
  email: string,
  limitKey: string,
  bits: number,
  now = Date.now(),
): Promise<boolean> {
  if (!work || verifyToken(PURPOSE, work.token, now) !== limitKey) return false;
  return workIsDone({ token: work.token, bits }, email, work.nonce);
}
