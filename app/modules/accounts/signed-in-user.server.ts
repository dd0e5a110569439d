// What every page's header needs to know about the visitor (root loader): who is signed in, never
// more. A database hiccup shows the page signed out rather than failing it.
import { log } from "#app/lib/log.server.ts";
import type { HeaderUser } from "./accounts.schema.ts";
import { getCurrentUser } from "./get-current-user.server.ts";

/** The header's view of a signed-in user. */
export function toHeaderUser(user: {
  displayName: string;
  email: string;
  isAdmin: boolean;
  isCoach?: boolean;
}): HeaderUser {
  const header: HeaderUser = {
    displayName: user.displayName,
    email: user.email,
    isAdmin: user.isAdmin,
  };
  if (user.isCoach && !user.isAdmin) header.isCoach = true;
  return header;
}

export async function signedInUser(
  request: Request,
): Promise<{ user: HeaderUser | null; cookies: string[] }> {
  try {
    const { user, cookies } = await getCurrentUser(request);
    return {
      user: user ? toHeaderUser(user) : null,
      cookies,
    };
  } catch (err) {
    log.warn({ err }, "could not resolve the signed-in user");
    return { user: null, cookies: [] };
  }
}
