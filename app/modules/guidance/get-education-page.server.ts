// The page at /education/:slug: an article (content/articles/<slug>.md) or a dated monthly issue
// (DATED_ISSUES); anything else is not found. The content is the one list of which slugs exist.
import { paths } from "#app/lib/paths.ts";
import { DATED_ISSUES, datedIssueSlug } from "./dated-issues.ts";
import { getArticle, type ArticlePage } from "./get-article.server.ts";
import { getMonthlyGuide, type MonthlyGuidePage } from "./get-monthly-guide.server.ts";

export type EducationPage =
  ({ kind: "article" } & ArticlePage) | ({ kind: "monthly"; path: string } & MonthlyGuidePage);

export function getEducationPage({ slug }: { slug: string }): EducationPage | undefined {
  const article = getArticle(slug);
  if (article) return { kind: "article", ...article };
  const issue = DATED_ISSUES.find((i) => datedIssueSlug(i) === slug);
  const guide = issue && getMonthlyGuide({ id: issue.month, year: issue.year });
  return guide && { kind: "monthly", ...guide, path: paths.educationPage(slug) };
}
