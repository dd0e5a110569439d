// The frame every admin page shares (after Documenso's admin+/_layout.tsx): the page container, the
// admin navigation (every area, the current one marked) and the trail back ("Admin / Orders"), which each page names in its `handle` (./admin-page.ts). It
// has no loader on purpose: a layout's loader runs beside its children's and guards nothing, so
// every admin page's own loader and action call requireAdmin
// (tests/integration/admin-refusals.test.ts).
import { Link, NavLink, Outlet, useMatches } from "react-router";
import { ADMIN_AREAS, COACH_AREAS } from "#app/components/admin/admin-areas.ts";
import type { AdminHandle } from "#app/components/admin/admin-page.ts";

/**
 * The admin's own navigation, on every admin page: a row that scrolls sideways on a phone. A coach
 * who is not an admin (the coach pages' data says `coachOnly`) sees the coach inbox alone (ADR 071).
 */
function AdminNav({ coachOnly }: { coachOnly: boolean }) {
  const link = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-full px-3 whitespace-nowrap ${
      isActive ? "bg-leaf text-white" : "hover:bg-ink/5"
    }`;
  return (
    <nav aria-label="Admin" className="-mx-2 mb-4 overflow-x-auto print:hidden">
      <ul className="flex gap-1 px-2 py-1 text-sm font-semibold">
        {!coachOnly && (
          <li>
            <NavLink to="/admin" end className={link}>
              Today
            </NavLink>
          </li>
        )}
        {(coachOnly ? COACH_AREAS : ADMIN_AREAS).map((a) => (
          <li key={a.to}>
            <NavLink to={a.to} className={link}>
              {a.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AdminLayout() {
  const page = useMatches().at(-1);
  const handle = (page?.handle ?? {}) as AdminHandle;
  const coachOnly = Boolean((page?.loaderData as { coachOnly?: boolean } | undefined)?.coachOnly);
  // No trail back to /admin for a coach: it refuses them (their pages link the inbox instead).
  const trail = coachOnly && handle.trail?.to === "/admin" ? undefined : handle.trail;
  // A name from the page's data only while there is data (not while an error shows instead).
  const here =
    typeof trail?.here !== "function"
      ? trail?.here
      : page?.loaderData
        ? (trail.here as (data: unknown) => string)(page.loaderData)
        : "";
  return (
    <div className={`container-page pt-28 pb-20 md:pt-36 ${handle.narrow ? "max-w-3xl" : ""}`}>
      <AdminNav coachOnly={coachOnly} />
      {trail && (
        <p className="text-sm">
          <Link to={trail.to} className="underline">
            {trail.label}
          </Link>{" "}
          / {here}
        </p>
      )}
      <Outlet />
    </div>
  );
}
