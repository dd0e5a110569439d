// Admins' notes on members, orders and subscriptions: written on the record's page, shown wherever
// the record appears (a member's notes beside each of their orders and subscriptions), newest
// first, with who wrote each and when. Deleting an account deletes the notes about the person and
// their records (`forgetNotes`), as it deletes everything else that names them.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { adminNotes, orders, subscriptions, type NoteSubject } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { addNoteSchema, NOTE_MESSAGES, type Note } from "./notes.schema.ts";

/** An admin adds a note; the same request key again adds nothing more. */
export async function addNote(
  raw: unknown,
  adminEmail: string,
  /** The subjects the page may write about ("order:<id>", "member:<id>"). */
  allowed: string[],
): Promise<Outcome> {
  const parsed = addNoteSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]?.message ?? NOTE_MESSAGES.empty, {
      fieldErrors: { body: parsed.error.issues[0]?.message ?? NOTE_MESSAGES.empty },
    });
  if (!allowed.includes(`${parsed.data.subjectType}:${parsed.data.subjectId}`))
    return failure("invalid", NOTE_MESSAGES.subject);
  await db()
    .insert(adminNotes)
    .values({ ...parsed.data, authorEmail: adminEmail })
    .onConflictDoNothing({ target: adminNotes.requestKey });
  return { ok: true, message: NOTE_MESSAGES.added };
}

/** The notes about these subjects (a record and, where it has one, its member), newest first. */
export async function listNotes(
  subjects: { type: NoteSubject; id: string | null | undefined }[],
): Promise<Note[]> {
  const wanted = subjects.filter((s): s is { type: NoteSubject; id: string } => Boolean(s.id));
  if (wanted.length === 0) return [];
  return db()
    .select({
      id: adminNotes.id,
      subjectType: adminNotes.subjectType,
      body: adminNotes.body,
      authorEmail: adminNotes.authorEmail,
      createdAt: adminNotes.createdAt,
    })
    .from(adminNotes)
    .where(
      or(
        ...wanted.map((s) =>
          and(eq(adminNotes.subjectType, s.type), eq(adminNotes.subjectId, s.id)),
        ),
      ),
    )
    .orderBy(desc(adminNotes.createdAt))
    .limit(200);
}

/**
 * Deletes the notes about a member and about their orders and subscriptions (account deletion):
 * called in the deletion's transaction before the orders kept for tax are anonymised.
 */
export async function forgetNotes(tx: Database, userId: string): Promise<void> {
  await tx.delete(adminNotes).where(
    or(
      and(eq(adminNotes.subjectType, "member"), eq(adminNotes.subjectId, userId)),
      and(
        eq(adminNotes.subjectType, "order"),
        inArray(
          adminNotes.subjectId,
          tx
            .select({ id: sql<string>`${orders.id}::text` })
            .from(orders)
            .where(eq(orders.userId, userId)),
        ),
      ),
      and(
        eq(adminNotes.subjectType, "subscription"),
        inArray(
          adminNotes.subjectId,
          tx
            .select({ id: sql<string>`${subscriptions.id}::text` })
            .from(subscriptions)
            .where(eq(subscriptions.userId, userId)),
        ),
      ),
    ),
  );
}
