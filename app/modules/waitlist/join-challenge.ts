// The small proof of work a browser does for a sign-up once its connection has sent far more than
// people behind one shared address do (ADR 022). Shared by the form (which solves it) and the
// server (which checks it): the digest of "token:email:nonce" must start with `bits` zero bits.
// Web Crypto only, so it runs in browsers and in Node alike and adds no library to the page.

export interface JoinChallenge {
  /** Signed by the server for this connection, and short-lived. */
  token: string;
  /** How many leading zero bits the digest needs: 2^bits tries on average. */
  bits: number;
}

export interface JoinWork {
  token: string;
  nonce: string;
}

/** What is hashed: the work is bound to one address, so it can't be reused for another. */
export const workInput = (token: string, email: string, nonce: string) =>
  `${token}:${email}:${nonce}`;

export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

async function digestOf(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

export async function workIsDone(
  challenge: JoinChallenge,
  email: string,
  nonce: string,
): Promise<boolean> {
  return (
    leadingZeroBits(await digestOf(workInput(challenge.token, email, nonce))) >= challenge.bits
  );
}

/**
 * Tries nonces until one is found, many digests at a time (each digest is its own promise, so a
 * batch keeps the browser's crypto busy). Null where Web Crypto is missing (a page served over
 * plain http to another machine): then the person is told what to do instead.
 */
export async function solveJoinChallenge(
  challenge: JoinChallenge,
  email: string,
): Promise<JoinWork | null> {
  if (typeof crypto === "undefined" || !crypto.subtle) return null;
  const batch = 64;
  for (let start = 0; start < 2 ** 32; start += batch) {
    const nonces = Array.from({ length: batch }, (_, i) => (start + i).toString(36));
    const digests = await Promise.all(
      nonces.map((n) => digestOf(workInput(challenge.token, email, n))),
    );
    const found = digests.findIndex((d) => leadingZeroBits(d) >= challenge.bits);
    if (found >= 0) return { token: challenge.token, nonce: nonces[found]! };
  }
  return null;
}
