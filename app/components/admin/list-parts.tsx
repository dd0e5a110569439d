// What the admin's searchable lists share (/admin/subscriptions, /admin/gifts): the search form
// (its text field, the list's own filters, Find), how many were found (a live region, with the way
// back to all), the words when none are, the table of what was found (its region scrollable
// sideways at 390 px and reachable by keyboard), the page links and their addresses.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { DataTable, LIST_TABLE, type Column } from "#app/components/ui/data-table.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";

/** A list's search (a GET form, so it works without JavaScript): the text, the filters, Find. */
export function ListSearch({
  name,
  label,
  placeholder,
  defaultValue,
  className,
  children,
}: {
  /** The form's accessible name: "Find gifts". */
  name: string;
  /** The text field's label. */
  label: ReactNode;
  placeholder: string;
  defaultValue: string;
  /** The form's margin and grid (as many columns as it has filters). */
  className: string;
  /** The list's own filters. */
  children: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={name} className={className}>
      <div>
        <label htmlFor="q" className="block text-sm font-semibold">
          {label}
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={defaultValue}
          placeholder={placeholder}
          className="mt-1 w-full min-h-11 rounded-xl border border-ink/20 bg-white px-3 py-2"
        />
      </div>
      {children}
      <button type="submit" className="btn-primary">
        Find
      </button>
    </Form>
  );
}

/** A list's address with another page, its search and filters (`keys` of the query) kept. */
function listPageHref(base: string, query: ListQuery, keys: readonly string[], page: number) {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** A list's query as read from its address: the search and each filter, absent when not set. */
type ListQuery = Partial<Record<string, string>>;

/** "12 gifts match; page 1 of 2. Show all" */
function ListCount({
  list,
  words,
  filtered,
  allTo,
}: {
  list: { total: number; page: number; pages: number };
  /** The thing counted, one and many: ["gift", "gifts"]. */
  words: readonly [string, string];
  filtered: boolean;
  /** The list with no search or filter. */
  allTo: string;
}) {
  return (
    <p className="mt-4 text-sm text-ink/75" role="status">
      {list.total === 1 ? `1 ${words[0]}` : `${list.total} ${words[1]}`}
      {filtered ? " match" : ""}
      {list.pages > 1 ? `; page ${list.page} of ${list.pages}` : ""}.
      {filtered ? (
        <>
          {" "}
          <Link to={allTo} className="underline">
            Show all
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** The found rows' table, scrollable sideways at 390 px and reachable by keyboard. */
function FoundRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollRegion label={label} margin="mt-4" card>
      {children}
    </ScrollRegion>
  );
}

/** This list's pages: "Previous page" and "Next page" links, when there is more than one. */
function ListPages({
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

/** A search's results: the count, the table (or the words for none), the page links. */
export function FoundList<R extends { id: string }, K extends string>({
  list,
  words,
  query,
  keys,
  allTo,
  none,
  emptyTestId,
  caption,
  columns,
}: {
  list: { total: number; page: number; pages: number; rows: readonly R[] };
  words: readonly [string, string];
  /** The list's query, and which of its keys are the search and filters (kept on every page). */
  query: Partial<Record<K, string>>;
  keys: readonly K[];
  /** The list with no search or filter. */
  allTo: string;
  /** What to say when nothing matches the search, and when there is nothing at all yet. */
  none: { match: string; yet: string };
  emptyTestId: string;
  /** The table's caption, for screen readers: "Gifts, newest first". */
  caption: string;
  columns: Column<R>[];
}) {
  const filtered = keys.some((key) => query[key]);
  return (
    <>
      <ListCount list={list} words={words} filtered={filtered} allTo={allTo} />
      {list.rows.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 shadow-sm" data-testid={emptyTestId}>
          {filtered
            ? none.match
            : list.total > 0
              ? `There are no more ${words[1]}: go back a page.`
              : none.yet}
        </p>
      ) : (
        <FoundRegion label={`${words[1][0]!.toUpperCase()}${words[1].slice(1)} found`}>
          <DataTable
            caption={caption}
            rows={list.rows}
            rowKey={(row) => row.id}
            columns={columns}
            classes={{ ...LIST_TABLE, caption: "sr-only" }}
          />
        </FoundRegion>
      )}
      <ListPages
        page={list.page}
        pages={list.pages}
        href={(page) => listPageHref(allTo, query, keys, page)}
      />
    </>
  );
}
