// The front matter of our Markdown content under content/, checked when a file is first read.
import { z } from "#app/lib/zod.ts";

// YAML 1.1 readers turn `updated: 2026-11-01` into a Date, YAML 1.2 readers leave a string: accept
// both and keep the calendar date as "YYYY-MM-DD", so the day never shifts with a time zone.
const calendarDate = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-01")])
  .transform((d) => (typeof d === "string" ? d : d.toISOString().slice(0, 10)));

const text = z.string().trim().min(1);

export const legalFrontMatter = z.object({
  title: text,
  description: text,
  updated: calendarDate,
});

export const articleFrontMatter = legalFrontMatter.extend({
  topic: text,
  image: z.string().regex(/^\/images\/education\/[a-z0-9-]+\.svg$/, "must be an education image"),
  imageAlt: text,
  readingMinutes: z.number().int().min(1).max(60),
});

export const monthlyFrontMatter = articleFrontMatter.extend({
  month: z.number().int().min(1).max(12),
  season: text,
});

export type ArticleFrontMatter = z.infer<typeof articleFrontMatter>;
export type MonthlyFrontMatter = z.infer<typeof monthlyFrontMatter>;
export type LegalFrontMatter = z.infer<typeof legalFrontMatter>;
