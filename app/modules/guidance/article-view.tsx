// An article's page: its header, body and what to read next (routes/education-page.tsx).
import { paths } from "#app/lib/paths.ts";
import { ArticleStructuredData } from "./article-structured-data.tsx";
import { ContentHeader } from "./content-header.tsx";
import type { ArticlePage } from "./get-article.server.ts";
import { GuidanceCard } from "./guidance-card.tsx";
import { AskCoachAboutThis } from "./ask-coach-about-this.tsx";
import { ProseBody } from "./prose-body.tsx";

export function ArticleView({ page }: { page: ArticlePage }) {
  const { article, related, thisMonth } = page;
  return (
    <article className="container-page pt-24 pb-20 sm:pt-28">
      <ArticleStructuredData item={article} />
      <ContentHeader
        crumbs={[
          { label: "Education", to: paths.education },
          { label: article.topic, to: `${paths.education}#${article.topicAnchor}` },
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
      <AskCoachAboutThis page={article.path} />

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
