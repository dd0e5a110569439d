// Where each sign-in mode lives. They were one page told apart by `?mode=`; that URL still works
// (the sign-in and sign-up loaders send it on with its other query parameters), and the
// password-reset e-mail still returns to /auth?mode=reset-password as the spec says.
import { noindexMeta } from "#app/lib/seo.ts";

export const AUTH_PATHS = {
  "sign-in": "/auth",
  "sign-up": "/signup",
  convert: "/auth/convert",
  forgot: "/auth/forgot",
  "reset-password": "/auth/reset-password",
  phone: "/auth/phone",
  "confirm-email": "/auth/confirm-email",
} as const;

export type AuthMode = keyof typeof AUTH_PATHS;

/** A mode's page, keeping where the person was going. */
export function authHref(mode: AuthMode, redirectTo: string): string {
  return redirectTo
    ? `${AUTH_PATHS[mode]}?${new URLSearchParams({ redirectTo }).toString()}`
    : AUTH_PATHS[mode];
}

/** An old `?mode=` URL's new home, with every other query parameter (tokens, redirectTo). */
export function movedMode(url: URL, here: AuthMode): string | null {
  const asked = url.searchParams.get("mode");
  if (!asked || !Object.hasOwn(AUTH_PATHS, asked) || asked === here) return null;
  const params = new URLSearchParams(url.searchParams);
  params.delete("mode");
  const query = params.toString();
  return `${AUTH_PATHS[asked as AuthMode]}${query ? `?${query}` : ""}`;
}

/** A sign-in page's title; none of them is indexed. */
export function authMeta(title: string) {
  return noindexMeta(title);
}
