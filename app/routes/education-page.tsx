// /education/:slug: an article (/education/legacy, /education/slug-patrol, …) or a dated monthly
// issue (/education/june-2024), found by its slug in the content; any other slug is the 404 page.
import { data } from "react-router";
import { pageMeta, rootSettings } from "#app/lib/seo.ts";
import { ArticleView } from "#app/modules/guidance/article-view.tsx";
import { getEducationPage } from "#app/modules/guidance/get-education-page.server.ts";
import { MonthlyGuideView } from "#app/modules/guidance/monthly-guide-view.tsx";
import type { Route } from "./+types/education-page";

export function loader({ params }: Route.LoaderArgs) {
  const page = getEducationPage({ slug: params.slug });
  if (!page) throw data(null, { status: 404 });
  return page;
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
  return loaderData.kind === "monthly" ? (
    <MonthlyGuideView page={loaderData} />
  ) : (
    <ArticleView page={loaderData} />
  );
}
