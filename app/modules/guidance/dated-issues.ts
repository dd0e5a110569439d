// The dated monthly issues that once had their own pages (/education/june-2024,
// /education/august-2025): each shows its month's guide under its own title, at its old address.
import type { MonthId } from "./guidance-content.ts";

export interface DatedIssue {
  month: MonthId;
  year: number;
}

export const DATED_ISSUES: readonly DatedIssue[] = [
  { month: "august", year: 2025 },
  { month: "june", year: 2024 },
];

/** "june-2024": the slug of a dated issue under /education. */
export function datedIssueSlug(issue: DatedIssue): string {
  return `${issue.month}-${issue.year}`;
}
