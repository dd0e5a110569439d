// What each admin page tells the admin layout (app/routes/admin/layout.tsx) and the document head.
import { paths } from "#app/lib/paths.ts";
import { noindexMeta } from "#app/lib/seo.ts";

interface AdminTrail {
  to: string;
  label: string;
  here: string | ((data: never) => string);
}

export interface AdminHandle {
  /** The page one step up, and this page's own name (from its loader data when it needs it). */
  trail?: AdminTrail;
  /** A narrower column (one order). */
  narrow?: boolean;
}

/** An admin page's title; none of them is indexed. */
export function adminMeta(title?: string) {
  return noindexMeta(title ? `${title} | Admin` : "Admin");
}

/** "Admin / <here>" above a page's heading. */
export function underAdmin(here: string): AdminHandle {
  return { trail: { to: "/admin", label: "Admin", here } };
}

/**
 * A page straight under Admin, named once: its `meta` (the title) and `handle` (the trail). A route
 * module spreads it: `export const { meta, handle } = adminPage("Users")`.
 */
export function adminPage(title: string) {
  return { meta: () => adminMeta(title), handle: underAdmin(title) };
}

/** The admin's lists that have a page for each of their records. */
const LISTS = {
  orders: { to: paths.adminOrders, label: "Orders" },
  products: { to: paths.adminProducts, label: "Products" },
  subscriptions: { to: paths.adminSubscriptions, label: "Subscriptions" },
};

/** "Admin / <list> / <here>": a record's page (`here` read from its loader data) or a new one. */
export function underList<Data>(
  list: keyof typeof LISTS,
  here: string | ((data: Data) => string),
  options: { narrow?: boolean } = {},
): AdminHandle {
  return { ...options, trail: { ...LISTS[list], here: here as AdminTrail["here"] } };
}
