// What the admin's searchable lists share (/admin/subscriptions, /admin/gifts) around their own
// table: how many were found (a live region, with the way back to all), the words when none are,
// the table's region (scrollable sideways at 390 px, reachable by keyboard), and the page links.
import type { ReactNode } from "react";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { Link } from "react-router";

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
export function FoundList({
  list,
  words,
  filtered,
  allTo,
  none,
  emptyTestId,
  href,
  children,
}: {
  list: { total: number; page: number; pages: number; rows: readonly unknown[] };
  words: readonly [string, string];
  filtered: boolean;
  allTo: string;
  /** What to say when nothing matches the search, and when there is nothing at all yet. */
  none: { match: string; yet: string };
  emptyTestId: string;
  href: (page: number) => string;
  children: ReactNode;
}) {
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
          {children}
        </FoundRegion>
      )}
      <ListPages page={list.page} pages={list.pages} href={href} />
    </>
  );
}
