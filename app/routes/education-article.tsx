// An education article (/education/legacy, /education/slug-patrol, …): one module for all of them,
// each path with its own route id; the file under content/articles is named after the path.
import { data } from "react-router";
import { pageMeta } from "#app/lib/seo.ts";
import { ArticleStructuredData } from "#app/modules/guidance/article-structured-data.tsx";
import { ContentHeader } from "#app/modules/guidance/content-header.tsx";
import { getArticle } from "#app/modules/guidance/get-article.server.ts";
import { GuidanceCard } from "#app/modules/guidance/guidance-card.tsx";
import { ProseBody } from "#app/modules/guidance/prose-body.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/education-article";

export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.split("/").filter(Boolean).pop() ?? "";
  const page = getArticle(slug);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData)
    return [{ title: "Page not found | Patch" }, { name: "robots", content: "noindex" }];
  const root = matches[0]?.loaderData as Awaited<ReturnType<typeof rootLoader>>["data"] | undefined;
  const { article } = loaderData;
  return pageMeta({
    title: `${article.title} | Patch`,
    description: article.description,
    path: article.path,
    siteUrl: root?.settings.siteUrl ?? "",
    image: article.image,
    type: "article",
  });
}

export default function EducationArticle({ loaderData }: Route.ComponentProps) {
  const { article, related, thisMonth } = loaderData;
  return (
    <article className="container-page pt-24 pb-20 sm:pt-28">
      <ArticleStructuredData item={article} />
      <ContentHeader
        crumbs={[
          { label: "Education", to: "/education" },
          { label: article.topic, to: `/education#${article.topicAnchor}` },
        ]}
        eyebrow={article.topic}
        title={article.title}
        description={article.description}
        readingMinutes={article.readingMinutes}
        updated={article.updated}
        image={article.image}
        imageAlt={article.imageAlt}
      />
      <ProseBody html={article.html} className="mx-auto mt-10 max-w-3xl" />

      <aside
        aria-labelledby="keep-reading"
        className="mx-auto mt-16 max-w-5xl border-t border-ink/10 pt-10 print:hidden"
      >
        <h2 id="keep-reading" className="text-3xl font-bold">
          Keep reading
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {thisMonth && (
            <li className="flex">
              <GuidanceCard item={thisMonth} eyebrow="This month" />
            </li>
          )}
          {related.map((item) => (
            <li key={item.slug} className="flex">
              <GuidanceCard item={item} />
            </li>
          ))}
        </ul>
      </aside>
    </article>
  );
}
