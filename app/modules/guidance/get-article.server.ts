// One article page: the rendered body, and where to go next (the same topic first, then this
// month's guide, so a reader always has something timely to do).
import {
  type DocumentHeading,
  type GuidanceSummary,
  type MonthlySummary,
  monthIdFor,
} from "./guidance-content.ts";
import { articleSummary, listArticles, topicAnchor } from "./list-articles.server.ts";
import { monthlySummary } from "./list-monthly-guides.server.ts";
import { loadArticleFile, loadMonthlyFile } from "./load-content.server.ts";
import { todayInNewZealand, type CalendarDate } from "./new-zealand-date.ts";

export interface ArticlePage {
  article: GuidanceSummary & { html: string; headings: DocumentHeading[]; topicAnchor: string };
  related: GuidanceSummary[];
  thisMonth: MonthlySummary | undefined;
}

const RELATED_COUNT = 3;

export function getArticle(
  slug: string,
  today: CalendarDate = todayInNewZealand(),
): ArticlePage | undefined {
  const file = loadArticleFile(slug);
  if (!file) return undefined;
  const article = articleSummary(file);
  const others = listArticles().filter((a) => a.slug !== slug);
  const related = [
    ...others.filter((a) => a.topic === article.topic),
    ...others.filter((a) => a.topic !== article.topic),
  ].slice(0, RELATED_COUNT);
  const month = loadMonthlyFile(monthIdFor(today.month));
  return {
    article: {
      ...article,
      html: file.body.html,
      headings: file.body.headings,
      topicAnchor: topicAnchor(article.topic),
    },
    related,
    thisMonth: month ? monthlySummary(month) : undefined,
  };
}
