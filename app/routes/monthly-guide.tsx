// A monthly guide: /education/monthly/:id (january … december), and the dated issues
// /education/june-2024 and /education/august-2025, which show the same guide under their own title.
import { data, Link, redirect } from "react-router";
import { pageMeta } from "#app/lib/seo.ts";
import { ArticleStructuredData } from "#app/modules/guidance/article-structured-data.tsx";
import { ContentHeader } from "#app/modules/guidance/content-header.tsx";
import { getMonthlyGuide } from "#app/modules/guidance/get-monthly-guide.server.ts";
import { monthName } from "#app/modules/guidance/guidance-content.ts";
import { ProseBody } from "#app/modules/guidance/prose-body.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/monthly-guide";

const DATED_ISSUE = /^\/education\/([a-z]+)-(\d{4})\/?$/;

export function loader({ params, request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const dated = DATED_ISSUE.exec(path);
  const id = params.id ?? dated?.[1] ?? "";
  if (params.id && id !== id.toLowerCase()) {
    throw redirect(`/education/monthly/${encodeURIComponent(id.toLowerCase())}`, 301);
  }
  const page = getMonthlyGuide(id, dated ? Number(dated[2]) : undefined);
  if (!page) throw data(null, { status: 404 });
  return { ...page, path };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData)
    return [{ title: "Page not found | Patch" }, { name: "robots", content: "noindex" }];
  const root = matches[0]?.loaderData as Awaited<ReturnType<typeof rootLoader>>["data"] | undefined;
  const { guide, heading, path } = loaderData;
  return pageMeta({
    title: `${heading} | Patch`,
    description: guide.description,
    path,
    siteUrl: root?.settings.siteUrl ?? "",
    image: guide.image,
    type: "article",
  });
}

export default function MonthlyGuide({ loaderData }: Route.ComponentProps) {
  const { guide, heading, year, isCurrentMonth, previous, next, path } = loaderData;
  // Straight to your climate zone's list, or to the month's jobs.
  const jumpLinks = guide.headings.filter(
    (h) => h.depth === 3 || h.text.toLowerCase().startsWith("tasks"),
  );
  return (
    <article className="container-page pt-24 pb-20 sm:pt-28">
      <ArticleStructuredData item={{ ...guide, path }} headline={heading} />
      <ContentHeader
        crumbs={[
          { label: "Education", to: "/education" },
          { label: "Monthly guides", to: "/education#months-title" },
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
              to="/education/layouts"
              className="font-semibold text-leaf underline underline-offset-4"
            >
              See where everything goes in a grow box
            </Link>
          </p>
        </div>
        <Link to="/calendar" className="btn-primary">
          Get the planting calendar
        </Link>
      </aside>

      <nav aria-label="Other months" className="mx-auto mt-12 max-w-3xl print:hidden">
        <ul className="grid gap-4 sm:grid-cols-2">
          <li>
            <Link
              to={previous.path}
              rel="prev"
              className="flex h-full flex-col rounded-2xl border-2 border-ink/10 p-4 hover:border-leaf"
            >
              <span className="text-sm text-ink/70">
                <span aria-hidden="true">← </span>Previous month
              </span>
              <span className="font-serif text-lg font-bold">{previous.title}</span>
            </Link>
          </li>
          <li>
            <Link
              to={next.path}
              rel="next"
              className="flex h-full flex-col rounded-2xl border-2 border-ink/10 p-4 text-right hover:border-leaf"
            >
              <span className="text-sm text-ink/70">
                Next month<span aria-hidden="true"> →</span>
              </span>
              <span className="font-serif text-lg font-bold">{next.title}</span>
            </Link>
          </li>
        </ul>
      </nav>
    </article>
  );
}
