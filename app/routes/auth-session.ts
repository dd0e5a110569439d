// GET /auth/session: whether this browser's session is still valid, and who it belongs to as the
// header shows them. Open tabs ask every 60 s, so they notice a sign-out elsewhere, an expiry or a
// ban; a public page (the same for everyone) asks once after hydration to fill in its header.
import { data } from "react-router";
import { combineHeaders, cookieHeaders } from "#app/lib/outcome.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { toHeaderUser } from "#app/modules/accounts/signed-in-user.server.ts";
import type { Route } from "./+types/auth-session";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, cookies } = await getCurrentUser(request);
  const headers = combineHeaders({ "Cache-Control": "no-store" }, cookieHeaders(cookies));
  return data({ signedIn: user !== null, user: user ? toHeaderUser(user) : null }, { headers });
}
