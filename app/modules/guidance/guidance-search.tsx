// The hub's search on /education: the box, how many matched and the results. Without JavaScript it
// is a plain GET form (?q=…) answered by the server; once hydrated the same search goes out as you
// type, after a short pause, so results follow the typing without a click. The server does the
// matching either way (the page's loader).
import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { CardTitleLink } from "#app/components/ui/card-title-link.tsx";
import { paths } from "#app/lib/paths.ts";
import { formatDate } from "./new-zealand-date.ts";
import { MAX_QUERY_LENGTH, type SearchResult } from "./guidance-content.ts";

const TYPING_PAUSE_MS = 250;

export interface GuidanceSearchProps {
  query: string;
  /** Undefined when nobody searched; empty when nothing matched. */
  results: SearchResult[] | undefined;
}

export function GuidanceSearch({ query, results }: GuidanceSearchProps) {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  // Back and forward change the query under the box; follow it unless someone is typing.
  useEffect(() => {
    const el = input.current;
    if (el && document.activeElement !== el) el.value = query;
  }, [query]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A search is a navigation whose loader answers it: the results arrive as new props. The first
  // search adds a history entry (Back returns to the full hub); refinements replace it.
  function search(value: string) {
    const params = new URLSearchParams();
    if (value.trim()) params.set("q", value.trim());
    void submit(params, {
      action: paths.education,
      method: "get",
      replace: query !== "",
      preventScrollReset: true,
    });
  }

  return (
    <>
      <Form
        method="get"
        action={paths.education}
        role="search"
        aria-label="Guides"
        className="mt-8 max-w-xl"
        onSubmit={() => window.clearTimeout(timer.current)}
      >
        <label htmlFor="guide-search" className="block font-semibold">
          Search the guides
        </label>
        <div className="mt-2 flex gap-2">
          <input
            ref={input}
            id="guide-search"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="garlic, slugs, frost…"
            aria-describedby="guide-search-status"
            onInput={(event) => {
              const value = event.currentTarget.value;
              window.clearTimeout(timer.current);
              timer.current = window.setTimeout(() => search(value), TYPING_PAUSE_MS);
            }}
            className="min-h-11 w-full min-w-0 flex-1 rounded-full border-2 border-ink/20 bg-white px-5 py-2 text-base placeholder:text-ink/60 focus:border-leaf focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-clay"
          />
          <button type="submit" className="btn-primary shrink-0">
            Search
          </button>
        </div>
      </Form>
      <SearchStatus query={query} count={results?.length} />
      {results && <SearchResults query={query} results={results} />}
    </>
  );
}

/** Says how many guides matched; a live region, so screen readers hear it as results change. */
function SearchStatus({ query, count }: { query: string; count: number | undefined }) {
  return (
    <p
      id="guide-search-status"
      role="status"
      // With no results the empty-state panel says it in full; the status only tells screen readers.
      className={count === 0 ? "sr-only" : "mt-3 min-h-6 text-ink/80"}
    >
      {query && count !== undefined
        ? count === 0
          ? `Nothing matches “${query}”.`
          : `${count} ${count === 1 ? "guide matches" : "guides match"} “${query}”.`
        : ""}
    </p>
  );
}

/**
 * The results, or what to try when nothing matched. Marked `data-search-results`: while it is on
 * the page, the hub's browsing sections give way to it (a `:has()` rule on the hub, so they come
 * back without a request when the search is cleared).
 */
function SearchResults({ query, results }: { query: string; results: SearchResult[] }) {
  if (results.length === 0) {
    return (
      <div
        data-search-results
        className="mt-6 rounded-3xl bg-white p-8 shadow-sm ring-1 ring-ink/5"
      >
        <h2 className="text-2xl font-bold">No guides match “{query}”</h2>
        <p className="mt-3 max-w-prose text-ink/80">
          Check the spelling, or try a shorter word: a plant (garlic, tomatoes), a pest (slugs,
          aphids) or a job (frost, mulch, compost). Every month&apos;s guide is also listed on the
          full hub.
        </p>
        <Link to={paths.education} className="btn-secondary mt-6">
          Show all guides
        </Link>
      </div>
    );
  }
  return (
    <section data-search-results aria-labelledby="results-title" className="mt-6">
      <h2 id="results-title" className="sr-only">
        Search results
      </h2>
      <ol className="space-y-4">
        {results.map(({ item, snippet }) => (
          <li
            key={item.path}
            className="relative rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5 hover:shadow-md"
          >
            <p className="text-sm font-semibold tracking-wide text-leaf uppercase">
              {item.kind === "monthly" ? "Monthly guide" : item.topic}
            </p>
            <CardTitleLink to={item.path} className="mt-1 text-xl font-bold">
              {item.title}
            </CardTitleLink>
            <p className="mt-1 text-ink/80">{item.description}</p>
            {snippet && (
              <p className="mt-2 text-sm text-ink/75">
                {snippet.before}
                <mark className="rounded bg-sun/60 px-0.5 text-ink">{snippet.match}</mark>
                {snippet.after}
              </p>
            )}
            <p className="mt-2 text-sm text-ink/70">
              {item.readingMinutes} min read · Updated {formatDate(item.updated)}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-6">
        <Link to={paths.education} className="font-semibold text-leaf underline underline-offset-4">
          Clear the search and show all guides
        </Link>
      </p>
    </section>
  );
}
