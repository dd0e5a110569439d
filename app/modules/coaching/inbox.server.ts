// The coach inbox (issue 41, ADR 071): waiting threads, longest waiting first (waiting_since, then
// id, read through the partial index coach_threads_queue_idx), or a coach's own, or the answered
// and closed ones newest first; 50 a page by keyset (no OFFSET: the 5,000th thread costs what the
// first does). Each row carries the member's first name, the topic, the question's first line, and
// who took it. "I'll take this" assigns an unassigned thread; taking it twice changes nothing.
import { sql, type SQL } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import type { CoachThreadState, CoachTopic } from "#db/schema/coaching.ts";
import { INBOX_PAGE_SIZE, type InboxQuery } from "./inbox.schema.ts";

export interface InboxRow {
  id: string;
  topic: CoachTopic;
  state: CoachThreadState;
  firstName: string;
  firstLine: string;
  waitingSince: Date | null;
  dueAt: Date | null;
  createdAt: Date;
  assignedTo: string | null;
  assigneeName: string | null;
}

/** The first word of a name, else the address before @, in SQL (the member's first name). */
export function firstNameSql(fullName: SQL, name: SQL, email: SQL): SQL {
  return sql`coalesce(nullif(split_part(trim(${fullName}), ' ', 1), ''), nullif(split_part(trim(${name}), ' ', 1), ''), split_part(${email}, '@', 1))`;
}

// One formatter for every row (toLocaleString with options makes a new one per call: 100 a page).
const whenFormat = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});

/** "3 Dec, 10:05 am" in New Zealand time. */
export function coachWhen(at: Date): string {
  return whenFormat.format(at);
}

const asDate = (v: unknown): Date | null => (v == null ? null : new Date(v as string));

export async function listInbox(
  query: InboxQuery,
  coachId: string,
): Promise<{ rows: InboxRow[]; next: string | null }> {
  const queue = query.show === "waiting" || query.show === "mine";
  const key = queue ? sql`t.waiting_since` : sql`t.created_at`;
  const where: SQL[] = [sql`t.state = ${queue ? "waiting" : query.show}`];
  if (query.show === "mine") where.push(sql`t.assigned_to = ${coachId}`);
  if (query.topic) where.push(sql`t.topic = ${query.topic}`);
  if (query.after) {
    const [micros, id] = query.after.split(".");
    const at = sql`('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond')`;
    where.push(
      queue
        ? sql`(${key}, t.id) > (${at}, ${id}::uuid)`
        : sql`(${key}, t.id) < (${at}, ${id}::uuid)`,
    );
  }
  const order = queue ? sql`${key} asc, t.id asc` : sql`${key} desc, t.id desc`;
  const result = (await db().execute(sql`
    select t.id, t.topic, t.state, t.waiting_since, t.due_at, t.created_at, t.assigned_to,
      (extract(epoch from ${key}) * 1000000)::bigint::text as k,
      ${firstNameSql(sql`p.full_name`, sql`u.name`, sql`u.email`)} as first_name,
      (select left(split_part(m.body, E'\n', 1), 140) from coach_messages m
        where m.thread_id = t.id and m.kind = 'member' order by m.created_at, m.id limit 1) as first_line,
      case when a.id is null then null
        else ${firstNameSql(sql`ap.full_name`, sql`a.name`, sql`a.email`)} end as assignee_name
    from coach_threads t
      join users u on u.id = t.user_id
      left join profiles p on p.id = t.user_id
      left join users a on a.id = t.assigned_to
      left join profiles ap on ap.id = t.assigned_to
    where ${sql.join(where, sql` and `)}
    order by ${order}
    limit ${INBOX_PAGE_SIZE + 1}`)) as unknown as { rows: Record<string, unknown>[] };
  const rows = result.rows.slice(0, INBOX_PAGE_SIZE);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => ({
      id: String(r.id),
      topic: r.topic as CoachTopic,
      state: r.state as CoachThreadState,
      firstName: String(r.first_name ?? ""),
      firstLine: String(r.first_line ?? ""),
      waitingSince: asDate(r.waiting_since),
      dueAt: asDate(r.due_at),
      createdAt: asDate(r.created_at)!,
      assignedTo: (r.assigned_to as string | null) ?? null,
      assigneeName: (r.assignee_name as string | null) ?? null,
    })),
    next:
      result.rows.length > INBOX_PAGE_SIZE && last ? `${String(last.k)}.${String(last.id)}` : null,
  };
}

export type TakeOutcome =
  { ok: true; takenBy: string } | { ok: false; status: 404 | 409; message: string };

/**
 * "I'll take this": the thread becomes this coach's unless another coach took it first. Taking a
 * thread one already has answers the same as the first time.
 */
export async function takeThread(threadId: string, coachId: string): Promise<TakeOutcome> {
  const result = (await db().execute(sql`
    with taken as (
      update coach_threads set assigned_to = ${coachId}, updated_at = now()
      where id = ${threadId} and assigned_to is null
      returning assigned_to
    )
    select coalesce((select assigned_to from taken), t.assigned_to) as assigned_to,
      ${firstNameSql(sql`p.full_name`, sql`u.name`, sql`u.email`)} as name
    from coach_threads t
      left join users u on u.id = coalesce((select assigned_to from taken), t.assigned_to)
      left join profiles p on p.id = u.id
    where t.id = ${threadId}`)) as unknown as {
    rows: { assigned_to: string | null; name: string | null }[];
  };
  const row = result.rows[0];
  if (!row) return { ok: false, status: 404, message: "That question isn't in the inbox." };
  if (row.assigned_to !== coachId)
    return {
      ok: false,
      status: 409,
      message: `${row.name ?? "Another coach"} has already taken this question.`,
    };
  return { ok: true, takenBy: row.name ?? "" };
}
