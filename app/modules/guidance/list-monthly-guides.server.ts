// The twelve monthly guides, January to December.
import { paths } from "#app/lib/paths.ts";
import { MONTH_IDS, type MonthlySummary } from "./guidance-content.ts";
import { articleSummary } from "./list-articles.server.ts";
import { loadMonthlyFile, type MonthlyFile } from "./load-content.server.ts";

/** A guide is summarised as an article is, with its month and season. */
export function monthlySummary(file: MonthlyFile): MonthlySummary {
  const fm = file.frontMatter;
  return {
    ...articleSummary(file),
    kind: "monthly",
    slug: MONTH_IDS[fm.month - 1] ?? "january",
    path: paths.monthlyGuide(file.slug),
    month: fm.month,
    season: fm.season,
  };
}

export function listMonthlyGuides(): MonthlySummary[] {
  return MONTH_IDS.map((id) => loadMonthlyFile(id))
    .filter((file): file is MonthlyFile => file !== undefined)
    .map(monthlySummary);
}
