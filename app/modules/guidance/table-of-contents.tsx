// "On this page": links to a document's sections. On wide screens it sits beside the text; on
// phones it folds into a disclosure so the text starts near the top. Neither needs JavaScript.
import type { DocumentHeading } from "./guidance-content.ts";

function Links({ headings }: { headings: DocumentHeading[] }) {
  return (
    <ol className="space-y-1.5 text-sm">
      {headings.map((h) => (
        <li key={h.id}>
          <a
            href={`#${h.id}`}
            className="block rounded px-1 py-0.5 text-ink/80 underline-offset-4 hover:text-leaf hover:underline"
          >
            {h.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

export function TableOfContents({ headings }: { headings: DocumentHeading[] }) {
  if (headings.length === 0) return null;
  return (
    <>
      <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5 lg:hidden print:hidden">
        <summary className="cursor-pointer font-semibold">On this page</summary>
        <nav aria-label="On this page" className="mt-3">
          <Links headings={headings} />
        </nav>
      </details>
      <nav
        aria-labelledby="toc-title"
        className="sticky top-24 hidden max-h-[calc(100dvh-7rem)] overflow-y-auto lg:block print:hidden"
      >
        <h2
          id="toc-title"
          className="mb-3 font-sans text-sm font-bold tracking-widest text-leaf uppercase"
        >
          On this page
        </h2>
        <Links headings={headings} />
      </nav>
    </>
  );
}
