// A coach's side of a thread (issue 41, ADR 071): the thread as the coach reads it (every message,
// notes too, with its photos' ids), and what a coach does to it. An answer is one message (its
// request key makes a retry add nothing), the thread answered (first_answered_at the first time
// only; no longer waiting, so out of the queue), and the member's e-mail (and text) queued in the
// same transaction: committed together or not at all. A note only adds a message coaches see.
import { and, asc, eq, sql } from "drizzle-orm";
import {
  coachMessages,
  coachPhotos,
  coachThreads,
  profiles,
  users,
  type CoachMessageKind,
} from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import type { CurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { ANSWER_MESSAGES } from "./answer.schema.ts";
import { sendCoachAnswerJob } from "./answer-email.server.ts";
import { coachFirstName, firstName } from "./coach-role.server.ts";
import { photosOfMessages } from "./member-thread.server.ts";

export type CoachThread = typeof coachThreads.$inferSelect;

export interface ThreadMessage {
  id: string;
  kind: CoachMessageKind;
  authorName: string | null;
  body: string;
  via: string;
  usefulForEveryone: boolean;
  createdAt: Date;
  photoIds: string[];
}

export interface CoachThreadView {
  thread: CoachThread;
  member: { id: string; firstName: string };
  assigneeName: string | null;
  messages: ThreadMessage[];
}

export async function readCoachThread(threadId: string): Promise<CoachThreadView | null> {
  const [row] = await db()
    .select({
      thread: coachThreads,
      name: users.name,
      email: users.email,
      fullName: profiles.fullName,
    })
    .from(coachThreads)
    .innerJoin(users, eq(users.id, coachThreads.userId))
    .leftJoin(profiles, eq(profiles.id, coachThreads.userId))
    .where(eq(coachThreads.id, threadId))
    .limit(1);
  if (!row) return null;
  const messages = await db()
    .select()
    .from(coachMessages)
    .where(eq(coachMessages.threadId, threadId))
    .orderBy(asc(coachMessages.createdAt), asc(coachMessages.id));
  const photos = await photosOfMessages(messages, {
    id: coachPhotos.id,
    messageId: coachPhotos.messageId,
  });
  let assigneeName: string | null = null;
  if (row.thread.assignedTo) {
    const [a] = await db()
      .select({ name: users.name, email: users.email, fullName: profiles.fullName })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, row.thread.assignedTo));
    assigneeName = a ? firstName(a.fullName) || firstName(a.name) || a.email.split("@")[0]! : null;
  }
  return {
    thread: row.thread,
    member: {
      id: row.thread.userId,
      firstName: firstName(row.fullName) || firstName(row.name) || row.email.split("@")[0]!,
    },
    assigneeName,
    messages: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      authorName: m.authorName,
      body: m.body,
      via: m.via,
      usefulForEveryone: m.usefulForEveryone,
      createdAt: m.createdAt,
      photoIds: photos.filter((p) => p.messageId === m.id).map((p) => p.id),
    })),
  };
}

/** What a coach writes on a thread: the text, its request key (a retry adds nothing) and who. */
export interface CoachWrite {
  threadId: string;
  body: string;
  requestKey: string;
  coach: Pick<CurrentUser, "id" | "displayName" | "fullName">;
}

export type ActOutcome =
  { ok: true; added: boolean } | { ok: false; status: 404 | 409; message: string };

/** The coach's answer: one message, the thread answered, the member told (e-mail, text). */
export async function answerThread(input: CoachWrite): Promise<ActOutcome> {
  return db().transaction(async (tx): Promise<ActOutcome> => {
    const [thread] = await tx
      .select({ state: coachThreads.state })
      .from(coachThreads)
      .where(eq(coachThreads.id, input.threadId))
      .for("update");
    if (!thread) return { ok: false, status: 404, message: ANSWER_MESSAGES.notFound };
    if (thread.state === "closed") {
      // A retry of an answer sent before the thread closed is that answer; a new one is refused.
      const [sent] = await tx
        .select({ id: coachMessages.id })
        .from(coachMessages)
        .where(eq(coachMessages.requestKey, input.requestKey));
      return sent
        ? { ok: true, added: false }
        : { ok: false, status: 409, message: ANSWER_MESSAGES.closed };
    }
    const added = await addCoachMessage(tx, input, "coach");
    // A retry of an answer already sent: the first one stands, nothing more is sent.
    if (!added) return { ok: true, added: false };
    await tx
      .update(coachThreads)
      .set({
        state: "answered",
        firstAnsweredAt: sql`coalesce(${coachThreads.firstAnsweredAt}, now())`,
        waitingSince: null,
        dueAt: null,
        assignedTo: sql`coalesce(${coachThreads.assignedTo}, ${input.coach.id})`,
        updatedAt: new Date(),
      })
      .where(eq(coachThreads.id, input.threadId));
    await enqueue(tx, sendCoachAnswerJob, { messageId: added.id });
    return { ok: true, added: true };
  });
}

/** An internal note: coaches see it, the member never does. */
export async function addNote(input: CoachWrite): Promise<ActOutcome> {
  const [thread] = await db()
    .select({ id: coachThreads.id })
    .from(coachThreads)
    .where(eq(coachThreads.id, input.threadId));
  if (!thread) return { ok: false, status: 404, message: ANSWER_MESSAGES.notFound };
  return { ok: true, added: (await addCoachMessage(db(), input, "note")) !== undefined };
}

/** A coach's message (an answer or a note), once per request key: its id, none for a retry. */
async function addCoachMessage(
  to: Pick<Database, "insert">,
  input: CoachWrite,
  kind: "coach" | "note",
): Promise<{ id: string } | undefined> {
  const [added] = await to
    .insert(coachMessages)
    .values({
      threadId: input.threadId,
      kind,
      authorId: input.coach.id,
      authorName: coachFirstName(input.coach),
      body: input.body,
      requestKey: input.requestKey,
    })
    .onConflictDoNothing({ target: coachMessages.requestKey })
    .returning({ id: coachMessages.id });
  return added;
}

/** Closes the thread: out of the queue, whatever its state; closing twice changes nothing. */
export async function closeThread(threadId: string): Promise<ActOutcome> {
  const closed = await db()
    .update(coachThreads)
    .set({
      state: "closed",
      closedAt: new Date(),
      waitingSince: null,
      dueAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(coachThreads.id, threadId), sql`${coachThreads.state} <> 'closed'`))
    .returning({ id: coachThreads.id });
  if (closed.length) return { ok: true, added: true };
  const [exists] = await db()
    .select({ id: coachThreads.id })
    .from(coachThreads)
    .where(eq(coachThreads.id, threadId));
  return exists
    ? { ok: true, added: false }
    : { ok: false, status: 404, message: ANSWER_MESSAGES.notFound };
}
