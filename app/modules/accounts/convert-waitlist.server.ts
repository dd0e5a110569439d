// 'Convert from Waitlist' (SPEC §5): only an e-mail on the waitlist can; the account is made as in
// sign-up (the same limit comes before the waitlist is looked up), and the contact becomes the
// profile at the first sign-in (after the e-mail is confirmed, so nobody can claim someone else's
// waitlist entry).
import { MESSAGES } from "./accounts.schema.ts";
import type { AccountsOutcome, SignInCall } from "./outcome.ts";
import { signUp } from "./sign-up.server.ts";

export function convertWaitlist({ input, meta, redirectTo }: SignInCall): Promise<AccountsOutcome> {
  return signUp({
    input,
    meta,
    createdMessage: MESSAGES.convertedFromWaitlist,
    failedMessage: MESSAGES.convertFailed,
    redirectTo,
    waitlistOnly: true,
  });
}
