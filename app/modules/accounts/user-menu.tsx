// The header's user menu (SPEC §2): display name and e-mail, a member's My box, My garden and Gift
// a box (issue 39), Profile, Log out. A <details> disclosure, so it opens before JavaScript loads;
// Log out is a POST form.
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { HeaderUser } from "./accounts.schema.ts";
import { USER_DATA_KEY } from "./user-data-key.ts";
import { SessionWatch } from "./session-watch.tsx";
import { memberNav } from "#app/lib/member-nav.ts";

export const USER_ID_KEY = "userId";

/** SPEC §4: signing out clears the browser's userData and the stored user id. */
export function clearLocalUserData(): void {
  try {
    localStorage.removeItem(USER_DATA_KEY);
    localStorage.removeItem(USER_ID_KEY);
  } catch {
    // storage may be unavailable (private mode); nothing to clear then
  }
}

export function SignOutForm({ className, label }: { className?: string; label: string }) {
  const location = useLocation();
  return (
    <Form method="post" action="/auth/sign-out" onSubmit={clearLocalUserData}>
      <input type="hidden" name="intent" value="sign-out" />
      <input type="hidden" name="from" value={location.pathname} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

export function UserMenu({ user, light }: { user: HeaderUser; light: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname]);
  useEffect(() => {
    const close = (event: MouseEvent | KeyboardEvent) => {
      const d = details.current;
      if (!d?.open) return;
      if (
        event instanceof KeyboardEvent ? event.key === "Escape" : !d.contains(event.target as Node)
      ) {
        d.open = false;
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={details} className="relative hidden md:block" data-testid="user-menu">
      <SessionWatch />
      <summary
        className={`flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-full px-4 py-2 font-semibold ${
          light ? "hover:bg-white/15" : "hover:bg-ink/5"
        } [&::-webkit-details-marker]:hidden`}
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-leaf text-sm text-white"
        >
          {user.displayName.slice(0, 1).toUpperCase()}
        </span>
        {/* Named by the visible name first, then what it is (WCAG 2.5.3). */}
        <span className="max-w-40 truncate">{user.displayName}</span>
        <span className="sr-only">, account menu</span>
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-2xl border border-ink/10 bg-white p-2 text-ink shadow-lg">
        <div className="px-3 py-2">
          <p className="truncate font-semibold">{user.displayName}</p>
          <p className="truncate text-sm text-ink/70">{user.email}</p>
        </div>
        <div className="my-1 border-t border-ink/10" />
        {memberNav.map((item) => (
          <Link key={item.to} to={item.to} className="block rounded-xl px-3 py-2 hover:bg-ink/5">
            {item.label}
          </Link>
        ))}
        <div className="my-1 border-t border-ink/10" />
        <Link to="/profile" className="block rounded-xl px-3 py-2 hover:bg-ink/5">
          Profile
        </Link>
        {user.isAdmin && (
          <Link to="/admin" className="block rounded-xl px-3 py-2 hover:bg-ink/5">
            Admin
          </Link>
        )}
        {user.isCoach && (
          <Link to="/admin/coach" className="block rounded-xl px-3 py-2 hover:bg-ink/5">
            Coach inbox
          </Link>
        )}
        <SignOutForm
          label="Log out"
          className="block w-full rounded-xl px-3 py-2 text-left hover:bg-ink/5"
        />
      </div>
    </details>
  );
}
