// A monthly guide's page, by month (/education/monthly/june) or as a dated issue
// (/education/june-2024): jump links, the guide, the calendar offer and the months either side.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { ArticleStructuredData } from "./article-structured-data.tsx";
import { ContentHeader } from "./content-header.tsx";
import type { MonthlyGuidePage } from "./get-monthly-guide.server.ts";
import { monthName } from "./guidance-content.ts";
import { AskCoachAboutThis } from "./ask-coach-about-this.tsx";
import { ProseBody } from "./prose-body.tsx";

export function MonthlyGuideView({ page }: { page: MonthlyGuidePage & { path: string } }) {
  const { guide, heading, year, isCurrentMonth, previous, next, path } = page;
  // Straight to your climate zone's list, or to the month's jobs.
  const jumpLinks = guide.headings.filter(
    (h) => h.depth === 3 || h.text.toLowerCase().startsWith("tasks"),
  );
  return (
    <article className="container-page pt-24 pb-20 sm:pt-28">
      <ArticleStructuredData item={{ ...guide, path }} headline={heading} />
      <ContentHeader
        crumbs={[
          { label: "Education", to: paths.education },
          { label: "Monthly guides", to: `${paths.education}#months-title` },
        ]}
        eyebrow={`Monthly guide · ${guide.season}`}
        badge={isCurrentMonth ? "This month" : undefined}
        title={heading}
        description={guide.description}
        readingMinutes={guide.readingMinutes}
        updated={guide.updated}
        image={guide.image}
        imageAlt={guide.imageAlt}
      />
      {year && (
        <p className="mx-auto mt-6 max-w-3xl rounded-2xl bg-sprout/20 px-5 py-4 text-ink/85">
          This page began as our {monthName(guide.slug)} {year} guide. We keep it up to date, so it
          is right for this {monthName(guide.slug)} too.
        </p>
      )}
      <nav aria-label="Jump to" className="mx-auto mt-8 max-w-3xl print:hidden">
        <ul className="flex flex-wrap gap-2 text-sm">
          {jumpLinks.map((h) => (
            <li key={h.id}>
              <a
                href={`#${h.id}`}
                className="inline-flex min-h-9 items-center rounded-full border-2 border-leaf/30 bg-white px-3 py-1 font-semibold text-leaf-dark hover:border-leaf"
              >
                {h.text}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ProseBody html={guide.html} className="mx-auto mt-8 max-w-3xl" />
      <AskCoachAboutThis page={path} />

      <aside
        aria-labelledby="plan-ahead"
        className="mx-auto mt-12 grid max-w-3xl gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink/5 sm:grid-cols-[1fr_auto] sm:items-center sm:p-8 print:hidden"
      >
        <div>
          <h2 id="plan-ahead" className="text-2xl font-bold">
            Put the year in your calendar
          </h2>
          <p className="mt-2 text-ink/80">
            Every month&apos;s sowing, planting and jobs for your region, as Saturday-morning
            reminders in your phone&apos;s calendar.
          </p>
          <p className="mt-2">
            <Link
              to={paths.plantingLayouts}
              className="font-semibold text-leaf underline underline-offset-4"
            >
              See where everything goes in a grow box
            </Link>
          </p>
        </div>
        <Link to={paths.calendar} className="btn-primary">
          Get the planting calendar
        </Link>
      </aside>

      <nav aria-label="Other months" className="mx-auto mt-12 max-w-3xl print:hidden">
        <ul className="grid gap-4 sm:grid-cols-2">
          <MonthLink rel="prev" to={previous.path} title={previous.title}>
            <span aria-hidden="true">← </span>Previous month
          </MonthLink>
          <MonthLink rel="next" to={next.path} title={next.title}>
            Next month<span aria-hidden="true"> →</span>
          </MonthLink>
        </ul>
      </nav>
    </article>
  );
}

/** The link to the month before or after: which way it goes, then that month's guide title. */
function MonthLink({
  rel,
  to,
  title,
  children,
}: {
  rel: "prev" | "next";
  to: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        rel={rel}
        className={`flex h-full flex-col rounded-2xl border-2 border-ink/10 p-4 hover:border-leaf${
          rel === "next" ? " text-right" : ""
        }`}
      >
        <span className="text-sm text-ink/70">{children}</span>
        <span className="font-serif text-lg font-bold">{title}</span>
      </Link>
    </li>
  );
}
