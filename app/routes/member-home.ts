// GET /profile/home.json: the signed-in member's next box for the home page (issue 39 §6). The
// home page is kept and the same for everyone, so its browser asks here once it knows someone is
// signed in (app/modules/subscriptions/member-home.tsx). Signed out: `{ signedIn: false }`.
import { data } from "react-router";
import { combineHeaders, cookieHeaders } from "#app/lib/outcome.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { getMemberHome } from "#app/modules/subscriptions/get-member-home.server.ts";
import type { Route } from "./+types/member-home";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, cookies } = await getCurrentUser(request);
  const headers = combineHeaders(
    { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    cookieHeaders(cookies),
  );
  if (!user) return data({ signedIn: false as const }, { headers });
  return data({ signedIn: true as const, ...(await getMemberHome(user.id)) }, { headers });
}
