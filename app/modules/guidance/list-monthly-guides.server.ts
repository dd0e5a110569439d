// The twelve monthly guides, January to December.
import { paths } from "#app/lib/paths.ts";
import { MONTH_IDS, type MonthlySummary } from "./guidance-content.ts";
import { loadMonthlyFile, type MonthlyFile } from "./load-content.server.ts";

export function monthlySummary(file: MonthlyFile): MonthlySummary {
  const fm = file.frontMatter;
  return {
    kind: "monthly",
    slug: MONTH_IDS[fm.month - 1] ?? "january",
    path: paths.monthlyGuide(file.slug),
    title: fm.title,
    description: fm.description,
    topic: fm.topic,
    image: fm.image,
    imageAlt: fm.imageAlt,
    readingMinutes: fm.readingMinutes,
    updated: fm.updated,
    month: fm.month,
    season: fm.season,
  };
}

export function listMonthlyGuides(): MonthlySummary[] {
  return MONTH_IDS.map((id) => loadMonthlyFile(id))
    .filter((file): file is MonthlyFile => file !== undefined)
    .map(monthlySummary);
}
