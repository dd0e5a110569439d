// Every page under /education the content makes, for the sitemap: the articles, the dated issues
// and the twelve monthly guides (the hub and the layouts page are fixed pages, app/lib/paths.ts).
import { paths } from "#app/lib/paths.ts";
import { DATED_ISSUES, datedIssueSlug } from "./dated-issues.ts";
import { MONTH_IDS } from "./guidance-content.ts";
import { listContentSlugs } from "./load-content.server.ts";

export function listEducationPaths(): string[] {
  return [
    ...listContentSlugs("articles").map(paths.educationPage),
    ...DATED_ISSUES.map((issue) => paths.educationPage(datedIssueSlug(issue))),
    ...MONTH_IDS.map(paths.monthlyGuide),
  ];
}
