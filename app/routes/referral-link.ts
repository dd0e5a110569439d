// /r/{code}: a friend's share link (issue 22, ADR 037). Remembers the code for 30 days in an
// HttpOnly, SameSite=Lax cookie that the waitlist join reads, and lands on /waitlist with the code
// in its address (?invite=), which greets the friend with who invited them and starts the form on
// the inviter's region (issue 39, ADR 076; in the address, so the kept public page stays one per
// link). An unknown or malformed code lands on the plain page, remembering nothing.
import { redirect } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { readReferralCode } from "#app/modules/waitlist/referral-code.server.ts";
import { referralCookie } from "#app/modules/waitlist/referral-cookie.server.ts";
import type { Route } from "./+types/referral-link";

export function loader({ params }: Route.LoaderArgs) {
  const cookie = referralCookie(params.code);
  const code = readReferralCode(params.code);
  return redirect(
    code ? paths.waitlistInvited(code) : paths.waitlist,
    cookie ? { headers: { "Set-Cookie": cookie } } : undefined,
  );
}
