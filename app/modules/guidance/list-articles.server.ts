// Every article under content/articles, in the order the education hub shows them: by topic as a
// beginner meets them, then by title.
import { paths } from "#app/lib/paths.ts";
import { TOPIC_ORDER, type GuidanceSummary } from "./guidance-content.ts";
import { listContentSlugs, loadArticleFile, type ArticleFile } from "./load-content.server.ts";
import { slugify } from "./render-markdown.server.ts";

/** The id of a topic's section on the hub, e.g. "topic-getting-started". */
export function topicAnchor(topic: string): string {
  return `topic-${slugify(topic)}`;
}

export function articleSummary(file: ArticleFile): GuidanceSummary {
  const fm = file.frontMatter;
  return {
    kind: "article",
    slug: file.slug,
    path: paths.educationPage(file.slug),
    title: fm.title,
    description: fm.description,
    topic: fm.topic,
    image: fm.image,
    imageAlt: fm.imageAlt,
    readingMinutes: fm.readingMinutes,
    updated: fm.updated,
  };
}

function topicRank(topic: string): number {
  const i = TOPIC_ORDER.indexOf(topic);
  return i === -1 ? TOPIC_ORDER.length : i;
}

export function listArticles(): GuidanceSummary[] {
  return listContentSlugs("articles")
    .map((slug) => loadArticleFile(slug))
    .filter((file): file is ArticleFile => file !== undefined)
    .map(articleSummary)
    .sort(
      (a, b) =>
        topicRank(a.topic) - topicRank(b.topic) ||
        a.topic.localeCompare(b.topic) ||
        a.title.localeCompare(b.title),
    );
}

/** Articles grouped by topic, topics in hub order. */
export function listArticlesByTopic(): {
  topic: string;
  anchor: string;
  articles: GuidanceSummary[];
}[] {
  const groups = new Map<string, GuidanceSummary[]>();
  for (const article of listArticles()) {
    groups.set(article.topic, [...(groups.get(article.topic) ?? []), article]);
  }
  return [...groups].map(([topic, articles]) => ({ topic, anchor: topicAnchor(topic), articles }));
}
