CREATE TABLE "coach_faq_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid,
	"education_path" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_faq_drafts_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "coach_faq_drafts_status" CHECK ("coach_faq_drafts"."status" in ('draft', 'published', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "coach_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" text,
	"author_name" text,
	"body" text NOT NULL,
	"via" text DEFAULT 'web' NOT NULL,
	"request_key" text NOT NULL,
	"useful_for_everyone" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_messages_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "coach_messages_kind" CHECK ("coach_messages"."kind" in ('member', 'coach', 'note')),
	CONSTRAINT "coach_messages_via" CHECK ("coach_messages"."via" in ('web', 'text')),
	CONSTRAINT "coach_messages_body_length" CHECK (char_length("coach_messages"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "coach_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_photos_position" CHECK ("coach_photos"."position" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "coach_saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"topic" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_saved_replies_title_unique" UNIQUE("title"),
	CONSTRAINT "coach_saved_replies_topic" CHECK ("coach_saved_replies"."topic" in ('pests', 'watering', 'sowing', 'harvest', 'other'))
);
--> statement-breakpoint
CREATE TABLE "coach_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"source" text NOT NULL,
	"garden_square" integer,
	"plant_id" text,
	"education_path" text,
	"request_key" text NOT NULL,
	"waiting_since" timestamp with time zone,
	"due_at" timestamp with time zone,
	"first_answered_at" timestamp with time zone,
	"assigned_to" text,
	"share_consent" boolean,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_threads_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "coach_threads_topic" CHECK ("coach_threads"."topic" in ('pests', 'watering', 'sowing', 'harvest', 'other')),
	CONSTRAINT "coach_threads_state" CHECK ("coach_threads"."state" in ('waiting', 'answered', 'closed')),
	CONSTRAINT "coach_threads_source" CHECK ("coach_threads"."source" in ('garden', 'box', 'education', 'text', 'thread')),
	CONSTRAINT "coach_threads_waiting_has_due" CHECK ("coach_threads"."state" <> 'waiting' or ("coach_threads"."waiting_since" is not null and "coach_threads"."due_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "coach_faq_drafts" ADD CONSTRAINT "coach_faq_drafts_message_id_coach_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."coach_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_thread_id_coach_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."coach_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_photos" ADD CONSTRAINT "coach_photos_message_id_coach_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."coach_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_threads" ADD CONSTRAINT "coach_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_threads" ADD CONSTRAINT "coach_threads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_faq_drafts_path_idx" ON "coach_faq_drafts" USING btree ("education_path","status");--> statement-breakpoint
CREATE INDEX "coach_messages_thread_idx" ON "coach_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_photos_message_position" ON "coach_photos" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "coach_threads_user_idx" ON "coach_threads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_threads_queue_idx" ON "coach_threads" USING btree ("waiting_since") WHERE "coach_threads"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "coach_threads_created_idx" ON "coach_threads" USING btree ("created_at");