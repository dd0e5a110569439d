// When the server can't be reached, the browser keeps the entry under the spec's 'contacts' key
// and sends it when the connection is back: 3 retries, backoff growing from 1 s to 30 s.
export const CONTACTS_KEY = "contacts";
export const USER_ID_KEY = "userId";

export const RETRIES = 3;
export const FIRST_RETRY_DELAY_MS = 1_000;
export const LAST_RETRY_DELAY_MS = 30_000;
/**
 * The wait before each retry, growing geometrically from the first to the last (1 s, 5.5 s, 30 s:
 * each about √30 times the one before), rounded to a tenth of a second.
 */
export const RETRY_DELAYS_MS: readonly number[] = Array.from({ length: RETRIES }, (_, i) => {
  const growth = (LAST_RETRY_DELAY_MS / FIRST_RETRY_DELAY_MS) ** (i / (RETRIES - 1));
  return Math.round((FIRST_RETRY_DELAY_MS * growth) / 100) * 100;
});

export interface LocalContact {
  id: string;
  email: string;
  address: { state: string; country: string };
  plan?: string;
  source: "waitlist_page";
  timestamp: string;
  /** Not yet accepted by the server. */
  pending?: boolean;
  page?: string;
}

function read(): LocalContact[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(CONTACTS_KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as LocalContact[]) : [];
  } catch {
    return [];
  }
}

function write(list: LocalContact[]): void {
  try {
    localStorage.setItem(CONTACTS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: nothing more we can keep.
  }
}

/** SPEC §4: match by id, then e-mail; new values override; the original timestamp is kept. */
export function keepContact(contact: LocalContact): void {
  const list = read();
  let i = list.findIndex((c) => c.id === contact.id);
  if (i < 0) i = list.findIndex((c) => c.email === contact.email);
  if (i >= 0) {
    const old = list[i]!;
    list[i] = {
      ...old,
      ...contact,
      address: { ...old.address, ...contact.address },
      timestamp: old.timestamp,
    };
  } else list.push(contact);
  write(list);
}

export function pendingContacts(): LocalContact[] {
  return read().filter((c) => c.pending);
}

export function markSent(id: string): void {
  write(read().map((c) => (c.id === id ? { ...c, pending: false } : c)));
}

/** The server refused the entry (it was invalid): keeping it would only be refused again. */
export function forgetContact(id: string): void {
  write(read().filter((c) => c.id !== id));
}

export function contactIdFor(email: string): string {
  const known = read().find((c) => c.email === email);
  if (known) return known.id;
  return crypto.randomUUID();
}

/** The server's answer to one attempt; a failed fetch (no answer at all) throws instead. */
export interface Answer<Body = unknown> {
  status: number;
  body: Body;
}

export type SendOutcome<Body = unknown> =
  /** Saved (2xx). */
  | { kind: "accepted"; answer: Answer<Body> }
  /** Refused (4xx): the entry itself is wrong or too many were sent; trying again won't help. */
  | { kind: "refused"; answer: Answer<Body> }
  /** No answer, or a server failure (5xx), on every attempt: to be tried again later. */
  | { kind: "unreachable" }
  /** Nothing left to send: it was sent another way meanwhile. */
  | { kind: "dropped" };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends, and after a failure waits and retries once per delay in `delays`; no wait after the last
 * failure. `firstAttemptFailed` starts with the first wait, for when the caller's own attempt (the
 * form's submit) has already failed, so there are still exactly `delays.length` retries after it.
 * `stillWanted` is asked before every attempt.
 */
export async function sendWithRetries<Body>(
  send: () => Promise<Answer<Body>>,
  wait: (ms: number) => Promise<void>,
  {
    delays = RETRY_DELAYS_MS,
    firstAttemptFailed = false,
    stillWanted = () => true,
  }: {
    delays?: readonly number[];
    firstAttemptFailed?: boolean;
    stillWanted?: () => boolean;
  } = {},
): Promise<SendOutcome<Body>> {
  for (let retry = firstAttemptFailed ? 0 : -1; retry < delays.length; retry++) {
    if (retry >= 0) await wait(delays[retry]!);
    if (!stillWanted()) return { kind: "dropped" };
    try {
      const answer = await send();
      if (answer.status >= 200 && answer.status < 300) return { kind: "accepted", answer };
      if (answer.status >= 400 && answer.status < 500) return { kind: "refused", answer };
    } catch {
      // No answer: the network or our server is down. Retry.
    }
  }
  return { kind: "unreachable" };
}

let flushing: Promise<void> | null = null;

/**
 * Sends every kept entry, one flush at a time: a call while one runs joins it (and an entry kept
 * meanwhile is picked up by it). Accepted entries are marked sent and invalid ones forgotten; the
 * rest (unreachable, or refused for too many sign-ups, which lifts) stay pending for the next
 * flush. `justFailed` is the id of an entry whose first attempt the caller has just made.
 */
export function flushPendingContacts<Body>(
  send: (contact: LocalContact) => Promise<Answer<Body>>,
  report: (contact: LocalContact, outcome: SendOutcome<Body>) => void,
  { wait = sleep, justFailed }: { wait?: (ms: number) => Promise<void>; justFailed?: string } = {},
): Promise<void> {
  if (flushing) return flushing;
  const run = async () => {
    const tried = new Set<string>();
    for (;;) {
      const contact = pendingContacts().find((c) => !tried.has(c.id));
      if (!contact) return;
      tried.add(contact.id);
      const outcome = await sendWithRetries(() => send(contact), wait, {
        firstAttemptFailed: contact.id === justFailed,
        stillWanted: () => pendingContacts().some((c) => c.id === contact.id),
      });
      if (outcome.kind === "accepted") markSent(contact.id);
      if (outcome.kind === "refused" && outcome.answer.status !== 429) forgetContact(contact.id);
      report(contact, outcome);
    }
  };
  // Cleared after it is set, even when there was nothing to send and run() finished at once.
  flushing = run().finally(() => {
    flushing = null;
  });
  return flushing;
}
