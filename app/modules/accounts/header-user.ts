// Who is signed in, as the header shows it.
//
// On most pages the root loader says so. Public pages are the same for everyone, since they may be
// sent from the page cache (app/lib/public-pages.ts), so there the loader leaves it unknown
// (undefined). The answer is kept here for the rest of the visit, across client-side navigations
// that don't run the root loader again.
//
// A hint cookie remembers that this browser is signed in. It is not a credential (its value is
// "1", and nothing decides access by it): the root loader sets or clears it whenever it knows, and
// so does the browser. An inline script in <head> turns it into a class on <html>, so a kept page
// shows the account link instead of Sign In from its first paint; and only a browser with the hint
// asks /auth/session who it is, so a new visitor's page view is one request, not two.
import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { HeaderUser } from "./accounts.schema.ts";

export const MEMBER_HINT_COOKIE = "patch.member";
const HINT_SECONDS = 30 * 24 * 60 * 60;
const HINTED = /(?:^|;\s*)patch\.member=1(?:;|$)/;

/** Whether a Cookie header (or document.cookie) carries the member hint. */
export function hasMemberHint(cookies: string | null | undefined): boolean {
  return HINTED.test(cookies ?? "");
}

/** The cookie string that sets (signed in) or clears the hint, for Set-Cookie or document.cookie. */
export function memberHintCookie(signedIn: boolean, secure: boolean): string {
  const flags = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return signedIn
    ? `${MEMBER_HINT_COOKIE}=1; Max-Age=${HINT_SECONDS}; ${flags}`
    : `${MEMBER_HINT_COOKIE}=; Max-Age=0; ${flags}`;
}

/** Runs in <head> before the first paint (see Layout in app/root.tsx). */
export const MEMBER_HINT_SCRIPT = `${String(HINTED)}.test(document.cookie)&&document.documentElement.classList.add("member")`;

type Known = HeaderUser | null;

let current: Known | undefined;
let asking: Promise<void> | undefined;
const listeners = new Set<() => void>();

function same(a: Known | undefined, b: Known | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.email === b.email &&
    a.displayName === b.displayName &&
    a.isAdmin === b.isAdmin &&
    a.isCoach === b.isCoach
  );
}

function learn(user: Known): void {
  if (!same(current, user)) {
    current = user;
    for (const listener of listeners) listener();
  }
  document.cookie = memberHintCookie(user !== null, location.protocol === "https:");
  document.documentElement.classList.toggle("member", user !== null);
}

/** The session has ended (signed out elsewhere): the header shows Sign In again. */
export function forgetSignedInUser(): void {
  learn(null);
}

function ask(): Promise<void> {
  asking ??= fetch("/auth/session", { headers: { accept: "application/json" } })
    .then(async (res) => {
      if (!res.ok) return;
      const body = (await res.json()) as { user?: HeaderUser | null };
      if (body.user !== undefined) learn(body.user);
    })
    .catch(() => {
      // offline: the page stays as it is, and the next page load asks again
    })
    .finally(() => {
      asking = undefined;
    });
  return asking;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signed-in user: `fromLoader` when the root loader knew it (null: signed out), else what
 * the browser has learnt; undefined while nobody knows yet (the server render of a public page,
 * and the moments after hydration).
 */
export function useHeaderUser(fromLoader: Known | undefined): Known | undefined {
  const learnt = useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
  // Checked again on each navigation: a redirect may have just set the hint.
  const { pathname } = useLocation();
  useEffect(() => {
    if (fromLoader !== undefined) learn(fromLoader);
    else if (current === undefined && hasMemberHint(document.cookie)) void ask();
  }, [fromLoader, pathname]);
  return fromLoader !== undefined ? fromLoader : learnt;
}
