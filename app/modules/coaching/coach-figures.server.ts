// The coach inbox's figures (issue 41): questions asked this week (since Monday, New Zealand
// time), the median and 90th-percentile time to a first answer of this week's questions, the
// questions overdue now, and each by topic. One statement; percentile_cont works on PostgreSQL and
// PGlite alike.
import { sql } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { nzWallClock } from "#app/lib/nz-time.ts";
import type { CoachTopic } from "#db/schema/coaching.ts";
import { COACH_TOPICS } from "./inbox.schema.ts";

export interface FigureRow {
  asked: number;
  answered: number;
  /** Seconds; null when none of this week's questions is answered yet. */
  medianSeconds: number | null;
  p90Seconds: number | null;
  overdue: number;
}

export interface CoachFigures {
  weekStart: Date;
  all: FigureRow;
  byTopic: Record<CoachTopic, FigureRow>;
}

/** Monday 00:00 in New Zealand, of the week `now` is in. */
export function nzWeekStart(now: Date): Date {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Pacific/Auckland",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    weekday: "short",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const back = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(part("weekday"));
  const day = new Date(
    Date.UTC(Number(part("year")), Number(part("month")) - 1, Number(part("day")) - back),
  );
  return nzWallClock({
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
  });
}

const empty = (): FigureRow => ({
  asked: 0,
  answered: 0,
  medianSeconds: null,
  p90Seconds: null,
  overdue: 0,
});

export async function coachFigures(now = new Date()): Promise<CoachFigures> {
  const weekStart = nzWeekStart(now);
  const result = (await db().execute(sql`
    select topic, asked, answered, median, p90, overdue from (
      select coalesce(topic, 'all') as topic,
        count(*) filter (where created_at >= ${weekStart})::int as asked,
        count(*) filter (where created_at >= ${weekStart} and first_answered_at is not null)::int as answered,
        percentile_cont(0.5) within group (order by extract(epoch from first_answered_at - created_at))
          filter (where created_at >= ${weekStart} and first_answered_at is not null) as median,
        percentile_cont(0.9) within group (order by extract(epoch from first_answered_at - created_at))
          filter (where created_at >= ${weekStart} and first_answered_at is not null) as p90,
        count(*) filter (where state = 'waiting' and due_at < ${now})::int as overdue
      from coach_threads
      where created_at >= ${weekStart} or (state = 'waiting' and due_at < ${now})
      group by rollup (topic)
    ) f`)) as unknown as {
    rows: {
      topic: string;
      asked: number;
      answered: number;
      median: unknown;
      p90: unknown;
      overdue: number;
    }[];
  };
  const toRow = (r: (typeof result.rows)[number] | undefined): FigureRow =>
    r
      ? {
          asked: Number(r.asked),
          answered: Number(r.answered),
          medianSeconds: r.median == null ? null : Number(r.median),
          p90Seconds: r.p90 == null ? null : Number(r.p90),
          overdue: Number(r.overdue),
        }
      : empty();
  return {
    weekStart,
    all: toRow(result.rows.find((r) => r.topic === "all")),
    byTopic: Object.fromEntries(
      COACH_TOPICS.map((t) => [t, toRow(result.rows.find((r) => r.topic === t))]),
    ) as Record<CoachTopic, FigureRow>,
  };
}

/** How long a process reuses the figures it read: a whole week's threads are read each time. */
export const FIGURES_FRESH_MS = 30_000;
let cached: { at: number; figures: Promise<CoachFigures> } | undefined;

/**
 * The figures as the inbox shows them: read at most every FIGURES_FRESH_MS by each process (a
 * week's questions are sorted for the percentiles; the queue below them is read fresh every time).
 */
export function recentCoachFigures(now = new Date()): Promise<CoachFigures> {
  if (!cached || now.getTime() - cached.at > FIGURES_FRESH_MS || now.getTime() < cached.at) {
    const figures = coachFigures(now);
    cached = { at: now.getTime(), figures };
    figures.catch(() => {
      if (cached?.figures === figures) cached = undefined;
    });
  }
  return cached.figures;
}

export { durationWords } from "./inbox.schema.ts";
