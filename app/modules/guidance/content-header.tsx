// The top of an article or a monthly guide: where it sits in the hub, its title and summary, how
// long it takes to read, when it was last checked, and its illustration. The illustration is above
// the fold, so it loads straight away with its size reserved.
import { Link } from "react-router";
import { Illustration } from "./illustration.tsx";
import { formatDate } from "./new-zealand-date.ts";

export interface Crumb {
  label: string;
  to: string;
}

export function ContentHeader({
  crumbs,
  eyebrow,
  badge,
  title,
  description,
  readingMinutes,
  updated,
  image,
  imageAlt,
}: {
  crumbs: Crumb[];
  eyebrow: string;
  badge?: string;
  title: string;
  description: string;
  readingMinutes: number;
  updated: string;
  image: string;
  imageAlt: string;
}) {
  return (
    <header>
      <nav aria-label="Breadcrumb" className="mx-auto max-w-3xl text-sm">
        <ol className="flex flex-wrap items-center gap-x-2 text-ink/70">
          {crumbs.map((crumb, i) => (
            <li key={crumb.to} className="flex items-center gap-2">
              {i > 0 && <span aria-hidden="true">›</span>}
              <Link to={crumb.to} className="underline-offset-4 hover:text-leaf hover:underline">
                {crumb.label}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mx-auto mt-6 max-w-3xl">
        <p className="flex flex-wrap items-center gap-3 text-sm font-semibold tracking-wide text-leaf uppercase">
          {eyebrow}
          {badge && (
            <span className="rounded-full bg-sun/70 px-2.5 py-0.5 text-xs tracking-normal text-ink normal-case">
              {badge}
            </span>
          )}
        </p>
        <h1 className="mt-2 text-4xl leading-tight font-bold sm:text-5xl">{title}</h1>
        <p className="mt-4 text-lg text-ink/80 sm:text-xl">{description}</p>
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink/70">
          <span>{readingMinutes} min read</span>
          <span>
            Updated <time dateTime={updated}>{formatDate(updated)}</time>
          </span>
        </p>
      </div>
      <figure className="mx-auto mt-8 max-w-4xl">
        <Illustration
          src={image}
          alt={imageAlt}
          eager
          fetchPriority="high"
          className="aspect-[1200/630] h-auto w-full rounded-3xl bg-cream-deep object-cover shadow-sm"
        />
      </figure>
    </header>
  );
}
