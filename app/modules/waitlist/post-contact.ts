// Sending one waitlist entry from the browser: JSON to /api/waitlist, and the proof of work done
// and the entry sent again when the server asks for one (a busy shared connection).
import type { Answer, LocalContact } from "./offline-contacts.ts";
import { solveJoinChallenge, type JoinChallenge, type JoinWork } from "./join-challenge.ts";

export interface JoinAnswer {
  ok?: boolean;
  message?: string;
  contactId?: string;
  confirmationFailed?: boolean;
  fieldErrors?: Partial<Record<"email" | "region", string>>;
  surveyUrl?: string;
  shareUrl?: string;
  /** Many sign-ups from this connection: the proof of work that lets this one through. */
  challenge?: JoinChallenge;
}

/**
 * One attempt; throws when there is no answer (offline, or our server is down). When the server
 * asks for a proof of work (a busy shared connection), it is done here and the entry sent again.
 */
export async function postContact(
  contact: LocalContact,
  page: string,
  honeypot?: string,
): Promise<Answer<JoinAnswer>> {
  const post = async (work?: JoinWork) => {
    const res = await fetch("/api/waitlist", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        id: contact.id,
        email: contact.email,
        region: contact.address.state,
        plan: contact.plan,
        page: contact.page ?? page,
        website: honeypot,
        work,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as JoinAnswer;
    return { status: res.status, body };
  };
  const answer = await post();
  if (answer.status !== 429 || !answer.body.challenge) return answer;
  const work = await solveJoinChallenge(answer.body.challenge, contact.email);
  return work ? post(work) : answer;
}
