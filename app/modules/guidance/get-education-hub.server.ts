// The education hub: every article by topic, the twelve monthly guides with this month picked out,
// and, when someone searched, what matched.
import {
  MAX_QUERY_LENGTH,
  monthIdFor,
  type GuidanceSummary,
  type MonthId,
  type MonthlySummary,
  type SearchResult,
} from "./guidance-content.ts";
import { listArticlesByTopic } from "./list-articles.server.ts";
import { listMonthlyGuides } from "./list-monthly-guides.server.ts";
import { searchGuidance } from "./search-guidance.server.ts";
import { todayInNewZealand, type CalendarDate } from "./new-zealand-date.ts";

export interface EducationHub {
  query: string;
  /** Undefined when nobody searched; empty when nothing matched. */
  results: SearchResult[] | undefined;
  topics: { topic: string; anchor: string; articles: GuidanceSummary[] }[];
  months: MonthlySummary[];
  currentMonth: MonthId;
}

export type EducationSearch = Pick<EducationHub, "query" | "results">;

/**
 * The hub's search alone: the query as searched (trimmed, cut to MAX_QUERY_LENGTH) and what
 * matched.
 */
export function searchEducation(rawQuery: string | null): EducationSearch {
  const query = (rawQuery ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  return { query, results: query ? searchGuidance(query) : undefined };
}

export function getEducationHub(
  rawQuery: string | null,
  today: CalendarDate = todayInNewZealand(),
): EducationHub {
  return {
    ...searchEducation(rawQuery),
    topics: listArticlesByTopic(),
    months: listMonthlyGuides(),
    currentMonth: monthIdFor(today.month),
  };
}
