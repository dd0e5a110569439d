// /education/:slug: an article (/education/legacy, /education/slug-patrol, …) or a dated monthly
// issue (/education/june-2024), found by its slug in the content; any other slug is the 404 page.
import { data } from "react-router";
import { log } from "#app/lib/log.server.ts";
import { publishedFaq } from "#app/modules/coaching/faq-drafts.server.ts";
import { pageMeta, rootSettings } from "#app/lib/seo.ts";
import { ArticleView } from "#app/modules/guidance/article-view.tsx";
import { getEducationPage } from "#app/modules/guidance/get-education-page.server.ts";
import { MonthlyGuideView } from "#app/modules/guidance/monthly-guide-view.tsx";
import type { Route } from "./+types/education-page";

export async function loader({ params }: Route.LoaderArgs) {
  const page = getEducationPage({ slug: params.slug });
  if (!page) throw data(null, { status: 404 });
  const path = page.kind === "monthly" ? page.path : page.article.path;
  // "Growers asked" (issue 41): coaches' answers an admin published for this page. The page
  // itself never fails for them: a database hiccup shows it without.
  const faq = await publishedFaq(path).catch((err: unknown) => {
    log.warn({ err }, "education page: growers asked not read");
    return [];
  });
  return { ...page, faq };
}

/** Questions members asked a coach, answered and published for everyone (issue 41). */
function GrowersAsked({ faq }: { faq: { question: string; answer: string }[] }) {
  if (faq.length === 0) return null;
  return (
    <section
      aria-labelledby="growers-asked"
      className="container-page -mt-8 pb-20 print:hidden"
      data-testid="growers-asked"
    >
      <div className="mx-auto max-w-3xl border-t border-ink/10 pt-10">
        <h2 id="growers-asked" className="text-3xl font-bold">
          Growers asked
        </h2>
        <p className="mt-2 text-ink/70">
          Questions Patch members asked our gardening coaches, shared with their permission.
        </p>
        <dl className="mt-6 grid gap-6">
          {faq.map((f, i) => (
            <div key={i}>
              <dt className="text-lg font-bold whitespace-pre-line">{f.question}</dt>
              <dd className="mt-2 whitespace-pre-line">{f.answer}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData)
    return [{ title: "Page not found | Patch" }, { name: "robots", content: "noindex" }];
  const siteUrl = rootSettings(matches)?.siteUrl ?? "";
  if (loaderData.kind === "monthly") {
    const { guide, heading, path } = loaderData;
    return pageMeta({
      title: `${heading} | Patch`,
      description: guide.description,
      path,
      siteUrl,
      image: guide.image,
      type: "article",
    });
  }
  const { article } = loaderData;
  return pageMeta({
    title: `${article.title} | Patch`,
    description: article.description,
    path: article.path,
    siteUrl,
    image: article.image,
    type: "article",
  });
}

export default function EducationPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.kind === "monthly" ? (
        <MonthlyGuideView page={loaderData} />
      ) : (
        <ArticleView page={loaderData} />
      )}
      <GrowersAsked faq={loaderData.faq} />
    </>
  );
}
