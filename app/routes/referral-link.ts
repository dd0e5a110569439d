// /r/{code}: a friend's share link (issue 22, ADR 037). Remembers the code for 30 days in an
// HttpOnly, SameSite=Lax cookie that the waitlist join reads, and lands on /waitlist. An unknown or
// malformed code lands there too, remembering nothing.
import { redirect } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { referralCookie } from "#app/modules/waitlist/referral-cookie.server.ts";
import type { Route } from "./+types/referral-link";

export function loader({ params }: Route.LoaderArgs) {
  const cookie = referralCookie(params.code);
  return redirect(paths.waitlist, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}
