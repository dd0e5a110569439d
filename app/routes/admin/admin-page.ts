// What each admin page tells the admin layout (app/routes/admin/layout.tsx) and the document head.

export interface AdminHandle {
  /** The page one step up, and this page's own name (from its loader data when it needs it). */
  trail?: { to: string; label: string; here: string | ((data: never) => string) };
  /** A narrower column (one order). */
  narrow?: boolean;
}

/** An admin page's title; none of them is indexed. */
export function adminMeta(title?: string) {
  return [
    { title: title ? `${title} | Admin | Patch` : "Admin | Patch" },
    { name: "robots", content: "noindex" },
  ];
}

/** "Admin / <here>" above a page's heading. */
export function underAdmin(here: string): AdminHandle {
  return { trail: { to: "/admin", label: "Admin", here } };
}
