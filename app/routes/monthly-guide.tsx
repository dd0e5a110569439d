// A monthly guide: /education/monthly/:id (january … december). The dated issues
// (/education/june-2024) are education pages (routes/education-page.tsx).
import { data, redirect } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { pageMeta, noindexMeta, rootSettings } from "#app/lib/seo.ts";
import { getMonthlyGuide } from "#app/modules/guidance/get-monthly-guide.server.ts";
import { MonthlyGuideView } from "#app/modules/guidance/monthly-guide-view.tsx";
import type { Route } from "./+types/monthly-guide";

export function loader({ params }: Route.LoaderArgs) {
  const id = params.id;
  if (id !== id.toLowerCase()) throw redirect(paths.monthlyGuide(id.toLowerCase()), 301);
  const page = getMonthlyGuide({ id });
  if (!page) throw data(null, { status: 404 });
  return { ...page, path: paths.monthlyGuide(id) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return noindexMeta("Page not found");
  const { guide, heading, path } = loaderData;
  return pageMeta({
    title: `${heading} | Patch`,
    description: guide.description,
    path,
    siteUrl: rootSettings(matches)?.siteUrl ?? "",
    image: guide.image,
    type: "article",
  });
}

export default function MonthlyGuide({ loaderData }: Route.ComponentProps) {
  return <MonthlyGuideView page={loaderData} />;
}
