// When the server can't be reached, the browser keeps the entry under the spec's 'contacts' key
// and sends it when the connection is back: 3 retries, backoff doubling from 1 s, at most 30 s.
export const CONTACTS_KEY = "contacts";
export const USER_ID_KEY = "userId";
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;
export const MAX_DELAY_MS = 30_000;

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
  const i = list.findIndex((c) => c.id === contact.id || c.email === contact.email);
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

export function contactIdFor(email: string): string {
  const known = read().find((c) => c.email === email);
  if (known) return known.id;
  return crypto.randomUUID();
}

export function backoff(attempt: number): number {
  return Math.min(RETRY_DELAYS_MS[attempt] ?? MAX_DELAY_MS, MAX_DELAY_MS);
}
