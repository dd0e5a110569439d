// What the guidance pages show and link by: months, topics, summaries of articles and guides, search
// results. Plain data shared by the server and the browser (the front-matter schemas, which need
// zod, stay on the server in guidance.schema.ts).
import { oneOf } from "#app/lib/one-of.ts";

export const MONTH_IDS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

export type MonthId = (typeof MONTH_IDS)[number];

export const isMonthId = oneOf(MONTH_IDS);

/** "june" from 6; months are numbered 1–12 as people say them. */
export function monthIdFor(month: number): MonthId {
  const id = MONTH_IDS[(((month - 1) % 12) + 12) % 12];
  if (!id) throw new RangeError(`No month ${month}`);
  return id;
}

export function monthName(id: MonthId): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** Article topics in the order a beginner meets them; a topic not listed here sorts last. */
export const TOPIC_ORDER = ["Getting started", "Your box", "Soil", "Crops", "Pests"];

/** A heading of a rendered document, for tables of contents and links into the page. */
export interface DocumentHeading {
  id: string;
  text: string;
  depth: number;
}

/** What a list, a card or a search result needs to show an article or a guide. */
export interface GuidanceSummary {
  kind: "article" | "monthly";
  slug: string;
  path: string;
  title: string;
  description: string;
  topic: string;
  image: string;
  imageAlt: string;
  readingMinutes: number;
  updated: string;
}

export interface MonthlySummary extends GuidanceSummary {
  kind: "monthly";
  slug: MonthId;
  month: number;
  season: string;
}

/** Longer queries are cut: nobody searches a paragraph, and it bounds the work per request. */
export const MAX_QUERY_LENGTH = 100;

export interface SearchSnippet {
  before: string;
  match: string;
  after: string;
}

export interface SearchResult {
  item: GuidanceSummary;
  /** Where the body mentions the first matching word, when it does. */
  snippet: SearchSnippet | undefined;
}

/** The illustrations are all drawn at this size (public/images/education/*.svg). */
export const ILLUSTRATION_SIZE = { width: 1200, height: 630 } as const;
