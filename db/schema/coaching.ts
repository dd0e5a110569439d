// Year-round support from gardening coaches (issue 41): a member's question, with up to three
// photos, answered by a coach (the three admins and any COACH_EMAILS address) who sees the
// member's box, garden and town beside it. One thread a question; a member's reply, a coach's
// answer and a coach's internal note are messages in it. Photos are re-encoded on the server
// (EXIF stripped) and kept in the database, as product pictures are. Everything here is deleted
// with the account (user_id cascades) and is in "Download my data" (internal notes excepted).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { bytea } from "./shop.ts";

export type CoachTopic = "pests" | "watering" | "sowing" | "harvest" | "other";
export type CoachThreadState = "waiting" | "answered" | "closed";
/** Where the member asked from. */
export type CoachThreadSource = "garden" | "box" | "education" | "text" | "thread";

export const coachThreads = pgTable(
  "coach_threads",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic").$type<CoachTopic>().notNull(),
    /** waiting for a coach / answered / closed. */
    state: text("state").$type<CoachThreadState>().notNull().default("waiting"),
    source: text("source").$type<CoachThreadSource>().notNull(),
    /** The garden square asked about, row by row from the north-west corner (0-based). */
    gardenSquare: integer("garden_square"),
    /** The plant in that square when asked (a plant library id). */
    plantId: text("plant_id"),
    /** The education article or monthly guide asked from (its path, e.g. /education/watering). */
    educationPath: text("education_path"),
    /** The page's request key: a question sent twice (a retry after a lost answer) is one thread. */
    requestKey: text("request_key").notNull().unique(),
    /** When the member's latest unanswered message arrived: the inbox orders by this. */
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    /** One working day (NZ time, NZ public holidays off) after waitingSince. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    firstAnsweredAt: timestamp("first_answered_at", { withTimezone: true }),
    /** The coach who said "I'll take this" (a user id; null when unassigned). */
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** Asked once in the thread: may a useful answer be shared (null: not asked or not answered). */
    shareConsent: boolean("share_consent"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("coach_threads_user_idx").on(t.userId, t.createdAt),
    index("coach_threads_queue_idx")
      .on(t.waitingSince)
      .where(sql`${t.state} = 'waiting'`),
    index("coach_threads_created_idx").on(t.createdAt),
    check(
      "coach_threads_topic",
      sql`${t.topic} in ('pests', 'watering', 'sowing', 'harvest', 'other')`,
    ),
    check("coach_threads_state", sql`${t.state} in ('waiting', 'answered', 'closed')`),
    check(
      "coach_threads_source",
      sql`${t.source} in ('garden', 'box', 'education', 'text', 'thread')`,
    ),
    check(
      "coach_threads_waiting_has_due",
      sql`${t.state} <> 'waiting' or (${t.waitingSince} is not null and ${t.dueAt} is not null)`,
    ),
  ],
);

/** member: the member wrote; coach: an answer the member sees; note: coaches only. */
export type CoachMessageKind = "member" | "coach" | "note";

export const coachMessages = pgTable(
  "coach_messages",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => coachThreads.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CoachMessageKind>().notNull(),
    /** Who wrote it (the member or the coach); null once a coach's account is gone. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The coach's name as shown to the member ("Aroha, your Patch coach"). */
    authorName: text("author_name"),
    body: text("body").notNull(),
    /** web or text (a reply to a reminder text). */
    via: text("via").notNull().default("web"),
    /** The form's request key, or the inbound text's Twilio MessageSid: a retry adds nothing. */
    requestKey: text("request_key").notNull().unique(),
    /** A coach marked this answer "useful for everyone". */
    usefulForEveryone: boolean("useful_for_everyone").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("coach_messages_thread_idx").on(t.threadId, t.createdAt),
    check("coach_messages_kind", sql`${t.kind} in ('member', 'coach', 'note')`),
    check("coach_messages_via", sql`${t.via} in ('web', 'text')`),
    check("coach_messages_body_length", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

/** A photo with a message, re-encoded (WebP, EXIF gone), at most three a message. */
export const coachPhotos = pgTable(
  "coach_photos",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    messageId: uuid("message_id")
      .notNull()
      .references(() => coachMessages.id, { onDelete: "cascade" }),
    /** 0, 1 or 2: the photo's place in the message. */
    position: integer("position").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coach_photos_message_position").on(t.messageId, t.position),
    check("coach_photos_position", sql`${t.position} between 0 and 2`),
  ],
);

/** Replies a coach can start from, linking the education articles and guides. */
export const coachSavedReplies = pgTable(
  "coach_saved_replies",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    title: text("title").notNull().unique(),
    topic: text("topic").$type<CoachTopic>().notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "coach_saved_replies_topic",
      sql`${t.topic} in ('pests', 'watering', 'sowing', 'harvest', 'other')`,
    ),
  ],
);

/**
 * A draft FAQ entry from an answer a coach marked useful for everyone, with the member's consent:
 * the question and answer without names or photos, for an admin to publish on an education page.
 */
export const coachFaqDrafts = pgTable(
  "coach_faq_drafts",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The answer it came from; the draft stays (it holds no names) if the thread is deleted. */
    messageId: uuid("message_id")
      .unique()
      .references(() => coachMessages.id, { onDelete: "set null" }),
    /** The education page it belongs on (its path). */
    educationPath: text("education_path").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    /** draft / published / discarded. */
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("coach_faq_drafts_path_idx").on(t.educationPath, t.status),
    check("coach_faq_drafts_status", sql`${t.status} in ('draft', 'published', 'discarded')`),
  ],
);
