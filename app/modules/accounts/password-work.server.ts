// Admission control for the requests that check or set a password. Each one costs a hash on a
// worker thread plus several milliseconds of event-loop work (better-auth, its queries, cookies).
// A storm of sign-ins admitted all at once would fill the event loop and every other request (a
// page, a waitlist sign-up) would wait behind it. At most one per core is in progress; the rest
// wait their turn in order, so a storm slows sign-ins, not the rest of the site.
import { availableParallelism } from "node:os";
import pLimit from "p-limit";

const passwordWork = pLimit(availableParallelism());

export function withPasswordSlot<T>(work: () => Promise<T>): Promise<T> {
  return passwordWork(work);
}
