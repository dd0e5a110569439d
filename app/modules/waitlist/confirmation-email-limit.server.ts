// How many confirmation e-mails one connection (an IPv4 address, or an IPv6 /64) can have us send
// to addresses not yet confirmed (issue 36 finding 11, ADR 065). ADR 022 lets a crowd behind one
// address join freely, so the join's own limit (300 free an hour) is no bound on e-mails to
// strangers; this one is. Past it the join is still stored and answered the same, but no
// confirmation goes out: the person can join again later (or from another connection), which
// sends it. A confirmed contact's e-mail with their links again is not held back.
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";

export const CONFIRMATION_EMAIL_LIMIT = { limit: 20, windowSeconds: 60 * 60 } as const;
const BUCKET = "waitlist-confirmation-email";

/** Counts this join on its connection's counter; answers whether it may e-mail a stranger. */
export async function confirmationEmailAllowed(limitKey: string, now = Date.now()) {
  const { limit, windowSeconds } = CONFIRMATION_EMAIL_LIMIT;
  return (await hitRateLimit(BUCKET, limitKey, limit, windowSeconds, now)).allowed;
}
