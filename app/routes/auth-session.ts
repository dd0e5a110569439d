// GET /auth/session: whether this browser's session is still valid. Open tabs ask every 60 s, so
// they notice a sign-out elsewhere, an expiry or a ban.
import { data } from "react-router";
import { getCurrentUser } from "~/modules/accounts/get-current-user.server";
import type { Route } from "./+types/auth-session";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, cookies } = await getCurrentUser(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const c of cookies) headers.append("Set-Cookie", c);
  return data({ signedIn: user !== null }, { headers });
}
