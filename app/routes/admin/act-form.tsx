// One thing an admin does on a record's page (a subscription, a gift): a form posting the page's
// request key, its intent, any fields, and its button. Each page's action parses it with zod.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

export function ActForm({
  intent,
  submit,
  requestKey,
  busy,
  children,
  className,
}: {
  intent: string;
  submit: string;
  requestKey: string;
  busy: boolean;
  children?: ReactNode;
  /** The form's layout; by default its fields and button in a wrapping row. */
  className?: string;
}) {
  return (
    <Form
      method="post"
      className={className ?? (children ? "flex flex-wrap items-end gap-2" : undefined)}
    >
      <input type="hidden" name="requestKey" value={requestKey} />
      {children}
      <button type="submit" name="intent" value={intent} disabled={busy} className="btn-secondary">
        {submit}
      </button>
    </Form>
  );
}

/** This list's pages: "Previous page" and "Next page" links, when there is more than one. */
export function ListPages({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className="underline">
          Previous page
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={href(page + 1)} className="underline">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
