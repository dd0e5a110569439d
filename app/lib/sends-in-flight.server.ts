// Messages handed to the mail or text provider and not yet accepted or failed. Some sends are
// started without being awaited (better-auth's e-mails and codes answer in the same time whether
// or not the address has an account), so this is how a test knows every send has finished before
// it says "nothing more was sent".
const inFlight = new Set<Promise<unknown>>();

/** Counts the send as in flight until it settles; answers the same promise. */
export function trackSend<T>(sending: Promise<T>): Promise<T> {
  inFlight.add(sending);
  const done = () => inFlight.delete(sending);
  sending.then(done, done);
  return sending;
}

/** Resolves when every send started so far (and any started meanwhile) has settled. */
export async function sendsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
