// A member's side of coaching (issue 41, ADR 070): who may see a thread, the thread as its member
// reads it (internal notes never leave the server), the member's list, and what the member does in
// a thread: reply (which puts it back in the coaches' queue with a new due time), close it, and
// answer the one-time question about sharing. The signed link (coachThreadLink) is what the answer
// e-mail and text carry: it shows that one thread, read-only until the member signs in.
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import {
  coachMessages,
  coachPhotos,
  coachThreads,
  type CoachThreadSource,
  type CoachThreadState,
  type CoachTopic,
} from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";
import { signToken, TOKEN_PURPOSES, verifyToken } from "#app/lib/signed-token.server.ts";
import { COACH_MESSAGES } from "./coaching.schema.ts";
import type { EncodedPhoto } from "./photos.server.ts";
import { answerDueBy } from "./working-day.server.ts";

/** Who is asking to see a thread: the signed-in user, or nobody. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
  /** An admin or a COACH_EMAILS address with a confirmed e-mail (coach-role.server.ts). */
  isCoach?: boolean;
}

/**
 * Whether a signed-in user may see a thread (and its photos): its member, the admins and the
 * coaches. The one place this is decided.
 */
export function canSeeThread(user: Viewer | null | undefined, thread: { userId: string }): boolean {
  if (!user) return false;
  return user.id === thread.userId || user.isAdmin || Boolean(user.isCoach);
}

/** The absolute signed link to a thread, for the answer e-mail and text. It doesn't expire. */
export function coachThreadLink(threadId: string): string {
  const key = signToken(TOKEN_PURPOSES.coachThread, threadId);
  return `${settings().siteUrl}${paths.coachThread(threadId)}?key=${encodeURIComponent(key)}`;
}

/** The thread a link's key opens, or null when the key isn't genuine for it. */
export function threadOfKey(threadId: string, key: string | null | undefined): boolean {
  return verifyToken(TOKEN_PURPOSES.coachThread, key) === threadId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isThreadId = (id: string | undefined): id is string => !!id && UUID.test(id);

export interface MemberMessage {
  id: string;
  kind: "member" | "coach";
  authorName: string | null;
  body: string;
  via: string;
  createdAt: Date;
  photos: { id: string; width: number; height: number }[];
}

export interface MemberThread {
  id: string;
  userId: string;
  topic: CoachTopic;
  state: CoachThreadState;
  source: CoachThreadSource;
  gardenSquare: number | null;
  plantId: string | null;
  educationPath: string | null;
  dueAt: Date | null;
  firstAnsweredAt: Date | null;
  shareConsent: boolean | null;
  createdAt: Date;
  messages: MemberMessage[];
}

/** A thread as its member reads it: the member's and the coaches' messages, never the notes. */
export async function getMemberThread(threadId: string): Promise<MemberThread | null> {
  if (!isThreadId(threadId)) return null;
  const [thread] = await db().select().from(coachThreads).where(eq(coachThreads.id, threadId));
  if (!thread) return null;
  const messages = await db()
    .select({
      id: coachMessages.id,
      kind: coachMessages.kind,
      authorName: coachMessages.authorName,
      body: coachMessages.body,
      via: coachMessages.via,
      createdAt: coachMessages.createdAt,
    })
    .from(coachMessages)
    .where(and(eq(coachMessages.threadId, threadId), ne(coachMessages.kind, "note")))
    .orderBy(asc(coachMessages.createdAt), asc(coachMessages.id));
  const photos = await photosOfMessages(messages, {
    id: coachPhotos.id,
    messageId: coachPhotos.messageId,
    width: coachPhotos.width,
    height: coachPhotos.height,
  });
  return {
    id: thread.id,
    userId: thread.userId,
    topic: thread.topic,
    state: thread.state,
    source: thread.source,
    gardenSquare: thread.gardenSquare,
    plantId: thread.plantId,
    educationPath: thread.educationPath,
    dueAt: thread.dueAt,
    firstAnsweredAt: thread.firstAnsweredAt,
    shareConsent: thread.shareConsent,
    createdAt: thread.createdAt,
    messages: messages.map((m) => ({
      ...m,
      kind: m.kind as "member" | "coach",
      photos: photos
        .filter((p) => p.messageId === m.id)
        .map(({ id, width, height }) => ({ id, width, height })),
    })),
  };
}

export interface MemberThreadSummary {
  id: string;
  topic: CoachTopic;
  state: CoachThreadState;
  dueAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The question's first words. */
  question: string;
}

/** The member's questions, newest first, with the start of each. */
export async function listMemberThreads(userId: string): Promise<MemberThreadSummary[]> {
  const first = db()
    .selectDistinctOn([coachMessages.threadId], {
      threadId: coachMessages.threadId,
      body: coachMessages.body,
    })
    .from(coachMessages)
    .where(eq(coachMessages.kind, "member"))
    .orderBy(coachMessages.threadId, asc(coachMessages.createdAt))
    .as("first");
  const rows = await db()
    .select({
      id: coachThreads.id,
      topic: coachThreads.topic,
      state: coachThreads.state,
      dueAt: coachThreads.dueAt,
      createdAt: coachThreads.createdAt,
      updatedAt: coachThreads.updatedAt,
      question: sql<string>`coalesce(left(${first.body}, 140), '')`,
    })
    .from(coachThreads)
    .leftJoin(first, eq(first.threadId, coachThreads.id))
    .where(eq(coachThreads.userId, userId))
    .orderBy(desc(coachThreads.createdAt))
    .limit(200);
  return rows;
}

/** How many posts (questions and replies) a member can send an hour: each may carry photos. */
const POSTS_AN_HOUR = 40;

/** The limit on a member's posts, which re-encode photos; undefined when under it. */
export async function limitCoachPosts(userId: string) {
  const hit = await hitRateLimit("coach-posts", userId, POSTS_AN_HOUR, 3600);
  if (hit.allowed) return undefined;
  return failure(
    "limited",
    "That is a lot of messages at once. Please wait a little and try again.",
    {
      retryAfter: hit.retryAfter,
    },
  );
}

/** Stores a message's photos, in the caller's transaction. */
export async function insertPhotos(
  tx: Database,
  messageId: string,
  photos: readonly EncodedPhoto[],
): Promise<void> {
  if (!photos.length) return;
  await tx.insert(coachPhotos).values(
    photos.map((p, position) => ({
      messageId,
      position,
      contentType: p.contentType,
      width: p.width,
      height: p.height,
      bytes: p.bytes,
    })),
  );
}

/**
 * Adds the member's message to their thread (by web or by text). A thread that wasn't waiting is
 * waiting again from now, due one working day later; one already waiting keeps its place and its
 * due time. A closed thread takes no more. A request key seen before adds nothing.
 */
export async function addMemberMessage(
  tx: Database,
  {
    threadId,
    userId,
    body,
    via,
    requestKey,
    photos = [],
    now = new Date(),
  }: {
    threadId: string;
    userId: string;
    body: string;
    via: "web" | "text";
    requestKey: string;
    photos?: readonly EncodedPhoto[];
    now?: Date;
  },
): Promise<"added" | "repeated"> {
  const [message] = await tx
    .insert(coachMessages)
    .values({ threadId, kind: "member", authorId: userId, body, via, requestKey, createdAt: now })
    .onConflictDoNothing({ target: coachMessages.requestKey })
    .returning({ id: coachMessages.id });
  if (!message) return "repeated";
  await insertPhotos(tx, message.id, photos);
  await tx
    .update(coachThreads)
    .set({
      state: "waiting",
      waitingSince: sql`case when ${coachThreads.state} = 'waiting' then ${coachThreads.waitingSince} else ${now.toISOString()}::timestamptz end`,
      dueAt: sql`case when ${coachThreads.state} = 'waiting' then ${coachThreads.dueAt} else ${answerDueBy(now).toISOString()}::timestamptz end`,
      updatedAt: now,
    })
    .where(eq(coachThreads.id, threadId));
  return "added";
}

async function ownOpenThread(threadId: string, userId: string) {
  if (!isThreadId(threadId)) return null;
  const [thread] = await db()
    .select({ id: coachThreads.id, state: coachThreads.state })
    .from(coachThreads)
    .where(and(eq(coachThreads.id, threadId), eq(coachThreads.userId, userId)));
  return thread ?? null;
}

/** The member's reply in their thread, with its photos (already encoded). */
export async function replyToThread({
  threadId,
  userId,
  body,
  requestKey,
  photos,
  now = new Date(),
}: {
  threadId: string;
  userId: string;
  body: string;
  requestKey: string;
  photos: readonly EncodedPhoto[];
  now?: Date;
}): Promise<Outcome> {
  const thread = await ownOpenThread(threadId, userId);
  if (!thread) return failure("not-found", COACH_MESSAGES.notFound);
  if (thread.state === "closed") return failure("conflict", COACH_MESSAGES.alreadyClosed);
  await db().transaction((tx) =>
    addMemberMessage(tx, { threadId, userId, body, via: "web", requestKey, photos, now }),
  );
  return { ok: true, message: COACH_MESSAGES.replied };
}

/** The member closes their question (a closed one stays closed). */
export async function closeThread(threadId: string, userId: string): Promise<Outcome> {
  const thread = await ownOpenThread(threadId, userId);
  if (!thread) return failure("not-found", COACH_MESSAGES.notFound);
  await db()
    .update(coachThreads)
    .set({ state: "closed", closedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(coachThreads.id, threadId), ne(coachThreads.state, "closed")));
  return { ok: true, message: COACH_MESSAGES.closed };
}

/** The one-time answer to "May we share this answer…": only once answered, only once. */
export async function setShareConsent(
  threadId: string,
  userId: string,
  consent: boolean,
): Promise<Outcome> {
  if (!isThreadId(threadId)) return failure("not-found", COACH_MESSAGES.notFound);
  const updated = await db()
    .update(coachThreads)
    .set({ shareConsent: consent, updatedAt: new Date() })
    .where(
      and(
        eq(coachThreads.id, threadId),
        eq(coachThreads.userId, userId),
        isNull(coachThreads.shareConsent),
        sql`${coachThreads.firstAnsweredAt} is not null`,
      ),
    )
    .returning({ id: coachThreads.id });
  if (!updated.length) return failure("conflict", "We already have your answer to that question.");
  return { ok: true, message: COACH_MESSAGES.consentSaved };
}

/** A photo's bytes and the thread it belongs to (for canSeeThread or a link's key). */
export async function getCoachPhoto(photoId: string) {
  if (!isThreadId(photoId)) return null;
  const [row] = await db()
    .select({
      contentType: coachPhotos.contentType,
      bytes: coachPhotos.bytes,
      threadId: coachMessages.threadId,
      userId: coachThreads.userId,
      kind: coachMessages.kind,
    })
    .from(coachPhotos)
    .innerJoin(coachMessages, eq(coachMessages.id, coachPhotos.messageId))
    .innerJoin(coachThreads, eq(coachThreads.id, coachMessages.threadId))
    .where(eq(coachPhotos.id, photoId));
  return row ?? null;
}

/** The photos on these messages (the fields asked for), in the order they were attached. */
export async function photosOfMessages<F extends SelectedFields>(
  messages: readonly { id: string }[],
  fields: F,
): Promise<SelectResultFields<F>[]> {
  if (messages.length === 0) return [];
  const rows = await db()
    .select(fields)
    .from(coachPhotos)
    .where(
      inArray(
        coachPhotos.messageId,
        messages.map((m) => m.id),
      ),
    )
    .orderBy(asc(coachPhotos.position));
  return rows as SelectResultFields<F>[];
}
