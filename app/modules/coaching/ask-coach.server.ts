// A member asks a coach (issue 41, ADR 070): a new thread with its first message and photos, in
// one transaction (a refused photo or a failed insert stores nothing), waiting from now and due one
// working day later. The page's request key makes a retried post the same thread. A member can ask
// QUESTIONS_A_DAY questions in any 24 hours; replies to their questions are not counted.
import { and, eq, gt, sql } from "drizzle-orm";
import { coachMessages, coachThreads, type CoachThreadSource } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { COACH_MESSAGES, QUESTIONS_A_DAY, type AskCoachInput } from "./coaching.schema.ts";
import { insertPhotos } from "./member-thread.server.ts";
import type { EncodedPhoto } from "./photos.server.ts";
import { answerDueBy } from "./working-day.server.ts";

const DAY_MS = 24 * 3600 * 1000;

/** Questions the member started in the 24 hours before `now`. */
async function questionsSince(userId: string, now: Date): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(coachThreads)
    .where(
      and(
        eq(coachThreads.userId, userId),
        gt(coachThreads.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.n ?? 0;
}

export async function askCoach({
  userId,
  input,
  photos,
  source,
  via = "web",
  now = new Date(),
}: {
  userId: string;
  input: Omit<AskCoachInput, "source">;
  photos: readonly EncodedPhoto[];
  /** Where it was asked: the form's source, or "text" for a text with no open thread. */
  source: CoachThreadSource;
  via?: "web" | "text";
  now?: Date;
}): Promise<Outcome<{ threadId: string; repeated: boolean }>> {
  const [earlier] = await db()
    .select({ id: coachThreads.id, userId: coachThreads.userId })
    .from(coachThreads)
    .where(eq(coachThreads.requestKey, input.requestKey));
  if (earlier) {
    if (earlier.userId !== userId) return failure("conflict", COACH_MESSAGES.requestKey);
    return { ok: true, threadId: earlier.id, repeated: true, message: COACH_MESSAGES.asked };
  }
  if ((await questionsSince(userId, now)) >= QUESTIONS_A_DAY)
    return failure("limited", COACH_MESSAGES.rateLimited, {
      retryAfter: 3600,
    });

  const threadId = await db().transaction(async (tx) => {
    const [thread] = await tx
      .insert(coachThreads)
      .values({
        userId,
        topic: input.topic,
        state: "waiting",
        source,
        gardenSquare: input.gardenSquare ?? null,
        plantId: input.plantId ?? null,
        educationPath: input.educationPath ?? null,
        requestKey: input.requestKey,
        waitingSince: now,
        dueAt: answerDueBy(now),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: coachThreads.requestKey })
      .returning({ id: coachThreads.id });
    // The same key posted twice at once: the other post made the thread.
    if (!thread) return null;
    const [message] = await tx
      .insert(coachMessages)
      .values({
        threadId: thread.id,
        kind: "member",
        authorId: userId,
        body: input.body,
        via,
        requestKey: input.requestKey,
        createdAt: now,
      })
      .returning({ id: coachMessages.id });
    await insertPhotos(tx, message!.id, photos);
    return thread.id;
  });
  if (!threadId) {
    const [made] = await db()
      .select({ id: coachThreads.id })
      .from(coachThreads)
      .where(and(eq(coachThreads.requestKey, input.requestKey), eq(coachThreads.userId, userId)));
    if (!made) return failure("conflict", COACH_MESSAGES.requestKey);
    return { ok: true, threadId: made.id, repeated: true, message: COACH_MESSAGES.asked };
  }
  return { ok: true, threadId, repeated: false, message: COACH_MESSAGES.asked };
}
