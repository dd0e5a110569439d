// The education hub (SPEC §2 /education): articles by topic, the twelve monthly guides with this
// month picked out, search, and the planning tools.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CardTitleLink } from "#app/components/ui/card-title-link.tsx";
import { TitledSection } from "#app/components/ui/titled-section.tsx";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { getEducationHub } from "#app/modules/guidance/get-education-hub.server.ts";
import { GuidanceCard } from "#app/modules/guidance/guidance-card.tsx";
import { monthName } from "#app/modules/guidance/guidance-content.ts";
import { Illustration } from "#app/modules/guidance/illustration.tsx";
import { GuidanceSearch } from "#app/modules/guidance/guidance-search.tsx";
import type { Route } from "./+types/education";

export function loader({ request }: Route.LoaderArgs) {
  return getEducationHub(new URL(request.url).searchParams.get("q"));
}

// Search results are a view of the hub, not pages of their own.
export const meta = staticPageMeta("/education", {
  robots: "noindex, follow",
  when: (data) => Boolean((data as { query?: string } | undefined)?.query),
});

export default function Education({ loaderData }: Route.ComponentProps) {
  const { query, results, topics, months, currentMonth } = loaderData;
  const thisMonth = months.find((m) => m.slug === currentMonth);
  return (
    // The browsing sections give way to search results while there are some (`data-search-results`,
    // in the search island), and come back when the search is cleared, without a request.
    <div className="group/hub container-page pt-24 pb-20 sm:pt-28">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-leaf uppercase">Education</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Learn to grow, a month at a time</h1>
        <p className="mt-4 text-lg text-ink/80">
          Plain-English guides for growing food in Aotearoa: what to sow and plant each month in
          your part of the country, and the skills that make it work, from reading your soil to
          keeping the slugs off.
        </p>
      </header>
      <GuidanceSearch query={query} results={results} />

      <div className="group-has-[[data-search-results]]/hub:hidden">
        {thisMonth && (
          <section
            aria-labelledby="this-month-title"
            className="relative mt-8 grid overflow-hidden rounded-3xl bg-ink text-cream shadow-md md:grid-cols-2"
          >
            <Illustration
              src={thisMonth.image}
              eager
              className="aspect-[1200/630] h-full w-full object-cover"
            />
            <div className="flex flex-col justify-center p-6 sm:p-10">
              <p className="text-sm font-semibold tracking-widest text-sprout uppercase">
                This month · {thisMonth.season}
              </p>
              <h2 id="this-month-title" className="mt-2 text-3xl font-bold">
                {thisMonth.title}
              </h2>
              <p className="mt-3 text-cream/85">{thisMonth.description}</p>
              <p className="mt-6">
                <Link
                  to={thisMonth.path}
                  className="btn bg-sun text-ink after:absolute after:inset-0 hover:bg-cream"
                >
                  Read the {monthName(thisMonth.slug)} guide
                </Link>
              </p>
            </div>
          </section>
        )}

        <HubSection id="topics-title" title="Guides by topic">
          {/* Columns balance the topics' heights: one topic may have several guides. */}
          <div className="mt-6 gap-6 sm:columns-2 lg:columns-3">
            {topics.map(({ topic, anchor, articles }) => (
              <div key={topic} id={anchor} className="mb-8 break-inside-avoid scroll-mt-24">
                <h3 className="font-sans text-sm font-bold tracking-widest text-soil uppercase">
                  {topic}
                </h3>
                <ul className="mt-3 space-y-4">
                  {articles.map((article) => (
                    <li key={article.slug} className="flex">
                      <GuidanceCard item={article} headingLevel={4} eyebrow={false} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </HubSection>

        <HubSection id="months-title" title="Month by month">
          <p className="mt-3 max-w-2xl text-ink/80">
            Each guide has what to sow and plant in the warm north, temperate regions and the cool
            south, the month&apos;s jobs, and a tip for beginners.
          </p>
          <ol className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
            {months.map((month) => {
              const current = month.slug === currentMonth;
              return (
                <li key={month.slug}>
                  <Link
                    to={month.path}
                    aria-current={current ? "date" : undefined}
                    className={`group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 transition-shadow hover:shadow-md ${
                      current ? "ring-3 ring-clay" : "ring-ink/5"
                    }`}
                  >
                    <Illustration
                      src={month.image}
                      className="aspect-[1200/630] h-auto w-full bg-cream-deep object-cover"
                    />
                    <span className="flex flex-1 flex-col p-3 sm:p-4">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-serif text-lg font-bold group-hover:underline group-hover:underline-offset-4">
                          {monthName(month.slug)}
                        </span>
                        {current && (
                          <span className="rounded-full bg-clay-dark px-2 py-0.5 text-xs font-semibold text-white">
                            This month
                          </span>
                        )}
                      </span>
                      <span className="text-sm text-ink/75">{month.season}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ol>
        </HubSection>
      </div>

      <HubSection id="tools-title" title="Plan your patch">
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          <li className="relative rounded-3xl bg-sprout/25 p-6 ring-1 ring-leaf/15 sm:p-8">
            <CardTitleLink to={paths.plantingLayouts} className="text-2xl font-bold">
              Planting layouts
            </CardTitleLink>
            <p className="mt-2 text-ink/80">
              Square-by-square plans for the 0.5 m², 1 m² and 2 m² boxes, summer and winter, with
              spacing and which plants grow well together. Printable on A4.
            </p>
          </li>
          <li className="relative rounded-3xl bg-sun/30 p-6 ring-1 ring-soil/15 sm:p-8">
            <CardTitleLink to={paths.calendar} className="text-2xl font-bold">
              Planting calendar
            </CardTitleLink>
            <p className="mt-2 text-ink/80">
              A year of Saturday-morning sowing, planting and garden jobs for your region, with
              reminders, in your phone&apos;s calendar.
            </p>
          </li>
          <li className="relative rounded-3xl bg-cream-deep p-6 ring-1 ring-soil/15 sm:p-8 md:col-span-2">
            <CardTitleLink to={paths.garden} className="text-2xl font-bold">
              Plan your own garden
            </CardTitleLink>
            <p className="mt-2 text-ink/80">
              Lay out your own box square by square, start from an example layout, and see how many
              plants fit, which neighbours don&apos;t get on, and what is in season for your frosts.
            </p>
          </li>
        </ul>
      </HubSection>
    </div>
  );
}

/** One of the hub's sections below the search, named by its heading. */
function HubSection(props: { id: string; title: string; children: ReactNode }) {
  return <TitledSection {...props} className="mt-16" titleClassName="text-3xl font-bold" />;
}
