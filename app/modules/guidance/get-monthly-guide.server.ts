// One monthly guide, by month name (/education/monthly/june) or as a dated issue
// (/education/june-2024), with the months either side.
import { paths } from "#app/lib/paths.ts";
import {
  type DocumentHeading,
  isMonthId,
  MONTH_IDS,
  monthIdFor,
  monthName,
  type MonthId,
  type MonthlySummary,
} from "./guidance-content.ts";
import { monthlySummary } from "./list-monthly-guides.server.ts";
import { loadMonthlyFile } from "./load-content.server.ts";
import { todayInNewZealand, type CalendarDate } from "./new-zealand-date.ts";

export interface MonthLink {
  id: MonthId;
  name: string;
  path: string;
  title: string;
}

export interface MonthlyGuidePage {
  guide: MonthlySummary & { html: string; headings: DocumentHeading[] };
  /** "June in the garden", or "June 2024 guide" for a dated issue. */
  heading: string;
  year: number | undefined;
  isCurrentMonth: boolean;
  previous: MonthLink;
  next: MonthLink;
}

function monthLink(id: MonthId): MonthLink {
  const file = loadMonthlyFile(id);
  return {
    id,
    name: monthName(id),
    path: paths.monthlyGuide(id),
    title: file?.frontMatter.title ?? `${monthName(id)} guide`,
  };
}

export function getMonthlyGuide({
  id,
  year,
  today = todayInNewZealand(),
}: {
  id: string;
  year?: number;
  today?: CalendarDate;
}): MonthlyGuidePage | undefined {
  if (!isMonthId(id)) return undefined;
  const file = loadMonthlyFile(id);
  if (!file) return undefined;
  const summary = monthlySummary(file);
  const index = MONTH_IDS.indexOf(id);
  return {
    guide: { ...summary, html: file.body.html, headings: file.body.headings },
    heading: year ? `${monthName(id)} ${year} guide` : summary.title,
    year,
    isCurrentMonth: monthIdFor(today.month) === id,
    previous: monthLink(monthIdFor(index)),
    next: monthLink(monthIdFor(index + 2)),
  };
}
