// A card for an article or a monthly guide: illustration, topic, title, summary, reading time. The
// whole card is one link (the title's), so it is one stop for keyboard and screen-reader users.
import { Link } from "react-router";
import type { GuidanceSummary } from "./guidance-content.ts";
import { Illustration } from "./illustration.tsx";

export function GuidanceCard({
  item,
  headingLevel = 3,
  eyebrow,
}: {
  item: GuidanceSummary;
  headingLevel?: 2 | 3 | 4;
  /** Shown above the title; the item's topic unless given, none when false. */
  eyebrow?: string | false;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex w-full overflow-hidden max-[259px]:flex-col rounded-2xl bg-white shadow-sm ring-1 ring-ink/5 transition-shadow hover:shadow-md sm:flex-col">
      <Illustration
        src={item.image}
        className="aspect-square w-24 shrink-0 bg-cream-deep object-cover max-[259px]:aspect-[1200/630] max-[259px]:w-full min-[420px]:w-32 sm:aspect-[1200/630] sm:h-auto sm:w-full"
      />
      <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
        {eyebrow !== false && (
          <p className="text-xs font-semibold tracking-wide text-leaf uppercase sm:text-sm">
            {eyebrow ?? item.topic}
          </p>
        )}
        <Heading className="mt-1 font-serif text-lg leading-snug font-bold first:mt-0 sm:text-xl">
          <Link
            to={item.path}
            className="after:absolute after:inset-0 after:rounded-2xl group-hover:underline group-hover:underline-offset-4"
          >
            {item.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-2 text-sm text-ink/75 sm:line-clamp-3 sm:text-base">
          {item.description}
        </p>
        <p className="mt-auto pt-3 text-sm text-ink/70 sm:pt-4">{item.readingMinutes} min read</p>
      </div>
    </article>
  );
}
