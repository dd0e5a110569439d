// "Useful for everyone" (issue 41, ADR 071): a coach marks an answer; when the member agreed in the
// thread (share_consent), a draft FAQ entry is made from the question and the answer, with the
// member's name (and the coach's) taken out and no photos, for the thread's education page (the one
// asked from, else the topic's article). An admin publishes or discards it; published entries show
// on that page under "Growers asked".
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  coachFaqDrafts,
  coachMessages,
  coachThreads,
  profiles,
  users,
  type CoachTopic,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

/** Where a topic's entries go when the member didn't ask from an education page. */
export const TOPIC_EDUCATION_PATHS: Record<CoachTopic, string> = {
  pests: "/education/slug-patrol",
  watering: "/education/soil-testing",
  sowing: "/education/inside-the-box",
  harvest: "/education/strawberry-patch",
  other: "/education/what-is-patch",
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text without these names (whole words, any case), and tidied where they were. */
export function withoutNames(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of names.filter((n) => n.trim().length >= 2)) {
    out = out.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name.trim())}(?![\\p{L}\\p{N}])`, "giu"),
      "",
    );
  }
  return out
    .replace(/[ \t]+([,.!?;:])/g, "$1")
    .replace(/([,.!?;:])(?:[ \t]*[,])+/g, "$1")
    .replace(/,([.!?])/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/^[ \t]+|[ \t]+$/gm, "")
    .trim();
}

function nameParts(...names: (string | null | undefined)[]): string[] {
  return [
    ...new Set(names.flatMap((n) => (n ?? "").split(/[\s@._-]+/)).filter((n) => n.length >= 2)),
  ].sort((a, b) => b.length - a.length);
}

export type UsefulOutcome =
  { ok: true; drafted: boolean } | { ok: false; status: 404; message: string };

/** Marks a coach's answer useful; with the member's consent, drafts its FAQ entry (once). */
export async function markUseful(threadId: string, messageId: string): Promise<UsefulOutcome> {
  return db().transaction(async (tx): Promise<UsefulOutcome> => {
    const [row] = await tx
      .select({
        thread: coachThreads,
        answer: coachMessages.body,
        coachName: coachMessages.authorName,
        name: users.name,
        email: users.email,
        fullName: profiles.fullName,
      })
      .from(coachMessages)
      .innerJoin(coachThreads, eq(coachThreads.id, coachMessages.threadId))
      .innerJoin(users, eq(users.id, coachThreads.userId))
      .leftJoin(profiles, eq(profiles.id, coachThreads.userId))
      .where(
        and(
          eq(coachMessages.id, messageId),
          eq(coachMessages.threadId, threadId),
          eq(coachMessages.kind, "coach"),
        ),
      );
    if (!row) return { ok: false, status: 404, message: "That answer isn't in this question." };
    await tx
      .update(coachMessages)
      .set({ usefulForEveryone: true })
      .where(eq(coachMessages.id, messageId));
    if (row.thread.shareConsent !== true) return { ok: true, drafted: false };
    const asked = await tx
      .select({ body: coachMessages.body })
      .from(coachMessages)
      .where(and(eq(coachMessages.threadId, threadId), eq(coachMessages.kind, "member")))
      .orderBy(asc(coachMessages.createdAt))
      .limit(1);
    const names = nameParts(row.fullName, row.name, row.email.split("@")[0], row.coachName);
    const question = withoutNames(asked[0]?.body ?? "", names);
    const answer = withoutNames(row.answer, names);
    if (!question || !answer) return { ok: true, drafted: false };
    const made = await tx
      .insert(coachFaqDrafts)
      .values({
        messageId,
        educationPath: row.thread.educationPath ?? TOPIC_EDUCATION_PATHS[row.thread.topic],
        question,
        answer,
      })
      .onConflictDoNothing({ target: coachFaqDrafts.messageId })
      .returning({ id: coachFaqDrafts.id });
    return { ok: true, drafted: made.length > 0 };
  });
}

export type FaqDraft = typeof coachFaqDrafts.$inferSelect;

export function listFaqDrafts(status: "draft" | "published" = "draft"): Promise<FaqDraft[]> {
  return db()
    .select()
    .from(coachFaqDrafts)
    .where(eq(coachFaqDrafts.status, status))
    .orderBy(desc(coachFaqDrafts.createdAt))
    .limit(200);
}

/** Publishes or discards a draft; a draft already decided stays as it was. */
export async function decideFaqDraft(
  id: string,
  decision: "publish" | "discard",
): Promise<boolean> {
  const changed = await db()
    .update(coachFaqDrafts)
    .set(
      decision === "publish"
        ? { status: "published", publishedAt: new Date() }
        : { status: "discarded" },
    )
    .where(and(eq(coachFaqDrafts.id, id), eq(coachFaqDrafts.status, "draft")))
    .returning({ id: coachFaqDrafts.id });
  return changed.length > 0;
}

/** An education page's published entries, oldest first ("Growers asked"). */
export function publishedFaq(path: string): Promise<{ question: string; answer: string }[]> {
  return db()
    .select({ question: coachFaqDrafts.question, answer: coachFaqDrafts.answer })
    .from(coachFaqDrafts)
    .where(and(eq(coachFaqDrafts.educationPath, path), eq(coachFaqDrafts.status, "published")))
    .orderBy(asc(coachFaqDrafts.publishedAt), sql`${coachFaqDrafts.id}`)
    .limit(20);
}
