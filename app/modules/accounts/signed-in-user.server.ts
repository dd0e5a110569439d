// What every page's header needs to know about the visitor (root loader): who is signed in, never
// more. A database hiccup shows the page signed out rather than failing it.
import { log } from "../../lib/log.server.ts";
import type { HeaderUser } from "./accounts.schema.ts";
import { getCurrentUser } from "./get-current-user.server.ts";

export async function signedInUser(
  request: Request,
): Promise<{ user: HeaderUser | null; cookies: string[] }> {
  try {
    const { user, cookies } = await getCurrentUser(request);
    return {
      user: user
        ? { displayName: user.displayName, email: user.email, isAdmin: user.isAdmin }
        : null,
      cookies,
    };
  } catch (err) {
    log.warn({ err }, "could not resolve the signed-in user");
    return { user: null, cookies: [] };
  }
}
