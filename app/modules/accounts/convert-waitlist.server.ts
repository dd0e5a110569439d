// 'Convert from Waitlist' (SPEC §5): only an e-mail on the waitlist can; the account is made as in
// sign-up, and the contact becomes the profile at the first sign-in (after the e-mail is confirmed,
// so nobody can claim someone else's waitlist entry).
import { MESSAGES, signUpSchema } from "./accounts.schema.ts";
import { findWaitlistContact } from "./find-user-by-email.server.ts";
import type { AccountsOutcome } from "./outcome.ts";
import { signUp } from "./sign-up.server.ts";
import type { RequestMeta } from "./sign-in.server.ts";

export async function convertWaitlist(
  input: unknown,
  meta: RequestMeta,
  redirectTo?: string | null,
): Promise<AccountsOutcome> {
  const parsed = signUpSchema.safeParse(input);
  if (parsed.success && !(await findWaitlistContact(parsed.data.email))) {
    return { ok: false, status: 404, message: MESSAGES.notInWaitlist };
  }
  return signUp(input, meta, {
    createdMessage: MESSAGES.convertedFromWaitlist,
    failedMessage: MESSAGES.convertFailed,
    redirectTo,
  });
}
