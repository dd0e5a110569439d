// Coach threads as the coach side's tests need them (issue 41), made by inserting rows: the
// member's ask flow is another part of the work. A waiting thread has its waiting time and due
// time; each thread starts with the member's question.
import { coachMessages, coachThreads, type CoachTopic } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

type NewThread = typeof coachThreads.$inferInsert;

export async function insertCoachThread(
  userId: string,
  {
    question = "My tomato leaves are going yellow from the bottom up. What am I doing wrong?",
    topic = "other",
    waitingSince = new Date(Date.now() - 3_600_000),
    dueAt = new Date((waitingSince ?? new Date()).getTime() + 24 * 3_600_000),
    ...fields
  }: Omit<Partial<NewThread>, "userId"> & { question?: string; topic?: CoachTopic } = {},
): Promise<string> {
  const state = fields.state ?? "waiting";
  const [thread] = await db()
    .insert(coachThreads)
    .values({
      userId,
      topic,
      source: "garden",
      requestKey: crypto.randomUUID(),
      createdAt: waitingSince ?? new Date(),
      ...(state === "waiting" ? { waitingSince, dueAt } : { waitingSince: null, dueAt: null }),
      ...fields,
    })
    .returning({ id: coachThreads.id, createdAt: coachThreads.createdAt });
  await db().insert(coachMessages).values({
    threadId: thread!.id,
    kind: "member",
    authorId: userId,
    body: question,
    requestKey: crypto.randomUUID(),
    createdAt: thread!.createdAt,
  });
  return thread!.id;
}
