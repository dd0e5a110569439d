// What an admin wrote down about a member, an order or a subscription ("called Mere about wilted
// basil"), with who and when. Notes are only ever added: a correction is a new note.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export type NoteSubject = "member" | "order" | "subscription";

export const adminNotes = pgTable(
  "admin_notes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    subjectType: text("subject_type").$type<NoteSubject>().notNull(),
    /** The member's user id, the order's id or the subscription's id. */
    subjectId: text("subject_id").notNull(),
    body: text("body").notNull(),
    authorEmail: text("author_email").notNull(),
    /** The page's request key: a form sent twice (a retry after a lost answer) adds one note. */
    requestKey: text("request_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_notes_subject_idx").on(t.subjectType, t.subjectId, t.createdAt),
    check("admin_notes_subject_type", sql`${t.subjectType} in ('member', 'order', 'subscription')`),
    check("admin_notes_body_length", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
