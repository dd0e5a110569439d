// The frame every admin page shares (after Documenso's admin+/_layout.tsx): the page container and
// the trail back ("Admin / Orders"), which each page names in its `handle` (./admin-page.ts). It
// has no loader on purpose: a layout's loader runs beside its children's and guards nothing, so
// every admin page's own loader and action call requireAdmin
// (tests/integration/admin-refusals.test.ts).
import { Link, Outlet, useMatches } from "react-router";
import type { AdminHandle } from "./admin-page.ts";

export default function AdminLayout() {
  const page = useMatches().at(-1);
  const handle = (page?.handle ?? {}) as AdminHandle;
  const trail = handle.trail;
  // A name from the page's data only while there is data (not while an error shows instead).
  const here =
    typeof trail?.here !== "function"
      ? trail?.here
      : page?.loaderData
        ? (trail.here as (data: unknown) => string)(page.loaderData)
        : "";
  return (
    <div className={`container-page pt-28 pb-20 md:pt-36 ${handle.narrow ? "max-w-3xl" : ""}`}>
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
