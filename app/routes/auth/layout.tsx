// The frame of every sign-in mode (after Documenso's (unauthenticated) layout): the page's heading
// and, on Sign In, Create Account and Convert from Waitlist, the tabs between them, keeping where
// the person was going. Each mode is its own child route with its own loader and action; this
// layout has no loader, so it guards and reads nothing for them.
import { Link, Outlet, useMatches, useSearchParams } from "react-router";
import { safeRedirect } from "#app/modules/accounts/accounts.schema.ts";
import { authHref, type AuthMode } from "#app/modules/accounts/auth/auth-paths.ts";

export interface AuthHandle {
  heading: string;
  /** The tabs show, with this page's one current (null: none of them, as on text-message sign-in). */
  tab?: AuthMode | null;
}

const tabs: { mode: AuthMode; label: string }[] = [
  { mode: "sign-in", label: "Sign In" },
  { mode: "sign-up", label: "Create Account" },
  { mode: "convert", label: "Convert from Waitlist" },
];

export default function AuthLayout() {
  const handle = useMatches().at(-1)?.handle as AuthHandle | undefined;
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  return (
    <section className="container-page flex justify-center pt-28 pb-20 md:pt-36">
      <div className="w-full max-w-md">
        <h1 className="text-center text-4xl font-bold">{handle?.heading}</h1>
        {handle?.tab !== undefined && (
          <nav aria-label="Account options" className="mt-6">
            <ul className="grid grid-cols-3 gap-1 rounded-full bg-cream-deep p-1 text-center text-sm">
              {tabs.map((tab) => (
                <li key={tab.mode}>
                  <Link
                    to={authHref(tab.mode, redirectTo)}
                    replace
                    aria-current={tab.mode === handle.tab ? "page" : undefined}
                    className={`flex min-h-11 items-center justify-center rounded-full px-2 font-semibold ${
                      tab.mode === handle.tab ? "bg-white shadow-sm" : "text-ink/70 hover:text-ink"
                    }`}
                  >
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <Outlet />
      </div>
    </section>
  );
}
