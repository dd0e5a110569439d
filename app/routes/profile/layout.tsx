// /profile and its children (signed in): the page title, who is signed in, the account's navigation
// and the child's page. Each child checks the sign-in itself (a layout's loader runs beside its
// children's and guards nothing); this loader checks it too, for the name it draws.
import { noindexMeta } from "#app/lib/seo.ts";
import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import type { Route } from "./+types/layout";

export const meta = () => noindexMeta("Your profile");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  return { email: user.email, climateZone: profile.climateZone };
}

/** The account's pages, in the order the navigation shows them. */
const PROFILE_PAGES = [
  { to: "/profile", label: "Your details" },
  { to: paths.profileSubscription, label: "Your subscription" },
  { to: "/profile/security", label: "Sign-in and security" },
  { to: "/profile/phone", label: "Text sign-in" },
  { to: "/profile/reminders", label: "Reminders and calendar" },
  { to: "/profile/orders", label: "Your orders" },
  { to: paths.coach, label: "Ask a coach" },
  { to: "/profile/privacy", label: "Your data" },
] as const;

// The sections of the one-page profile, now on their own pages: old links (e-mails, bookmarks,
// /profile#your-data) land on the page that has the section. A fragment never reaches the server,
// so the browser moves them along.
const MOVED: Record<string, string> = {
  "#orders": "/profile/orders",
  "#email-address": "/profile/security",
  "#password": "/profile/security",
  "#two-factor": "/profile/security",
  "#devices": "/profile/security",
  "#phone-sign-in": "/profile/phone",
  "#planting-calendar": "/profile/reminders",
  "#sms-reminders": "/profile/reminders",
  "#growing-tips": "/profile/reminders",
  "#your-data": "/profile/privacy",
};

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const to = pathname === "/profile" ? MOVED[hash] : undefined;
    if (to) void navigate(to + hash, { replace: true });
  }, [pathname, hash, navigate]);
  // On a phone the navigation is a row that scrolls sideways: keep the open page in sight.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);

  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <h1 className="text-4xl font-bold">Your profile</h1>
      <p className="mt-2 text-ink/70">
        Signed in as <strong className="break-all">{loaderData.email}</strong> · Climate zone:{" "}
        {loaderData.climateZone}
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[16.5rem_1fr] lg:items-start">
        <nav
          ref={nav}
          aria-label="Your account"
          className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0"
        >
          <ul className="flex gap-2 lg:flex-col">
            {PROFILE_PAGES.map((p) => (
              <li key={p.to} className="shrink-0">
                <NavLink
                  to={p.to}
                  end
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-full px-4 py-2 font-semibold whitespace-nowrap lg:rounded-xl ${
                      isActive ? "bg-leaf text-white" : "bg-white text-ink hover:bg-ink/5"
                    }`
                  }
                >
                  {p.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* A page of several cards fills a wide window in two columns, read down the first and
            then the second (CSS columns keep the cards in their order); one card stays whole. */}
        <div className="min-w-0 *:mb-6 *:break-inside-avoid xl:[&:has(>section~section)]:columns-2 xl:[&:has(>section~section)]:gap-6">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
