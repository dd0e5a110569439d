// The coach inbox's filters and page cursor (issue 41, ADR 071), shared by the page and the query.
import { z } from "#app/lib/zod.ts";
import type { CoachTopic } from "#db/schema/coaching.ts";

export const COACH_TOPICS = [
  "pests",
  "watering",
  "sowing",
  "harvest",
  "other",
] as const satisfies readonly CoachTopic[];

export const TOPIC_NAMES: Record<CoachTopic, string> = {
  pests: "Pests and diseases",
  watering: "Watering",
  sowing: "Sowing and planting",
  harvest: "Harvest",
  other: "Something else",
};

export const INBOX_FILTERS = ["waiting", "mine", "answered", "closed"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const FILTER_NAMES: Record<InboxFilter, string> = {
  waiting: "Waiting",
  mine: "Mine",
  answered: "Answered",
  closed: "Closed",
};

/** 50 threads a page. */
export const INBOX_PAGE_SIZE = 50;

/** "<microseconds since 1970>.<thread id>": where the next page starts (keyset, ADR 071). */
const cursor = z.string().regex(/^\d{1,17}\.[0-9a-f-]{36}$/);

/** The inbox's query string; anything else (hostile or stale) falls back to the first waiting page. */
export const inboxQuerySchema = z.object({
  show: z.enum(INBOX_FILTERS).catch("waiting"),
  topic: z.enum(COACH_TOPICS).optional().catch(undefined),
  after: cursor.optional().catch(undefined),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export function readInboxQuery(params: URLSearchParams): InboxQuery {
  return inboxQuerySchema.parse({
    show: params.get("show") ?? undefined,
    topic: params.get("topic") || undefined,
    after: params.get("after") || undefined,
  });
}

/** "3 h 20 min", "2 days 4 h": how long someone has waited. */
export function waitedWords(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? "day" : "days"} ${hours % 24} h`;
}

/** "45 min", "3.5 h", "1.2 days", or "—". */
export function durationWords(seconds: number | null): string {
  if (seconds === null) return "—";
  const minutes = seconds / 60;
  if (minutes < 90) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 36) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}
