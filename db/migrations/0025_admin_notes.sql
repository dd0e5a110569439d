CREATE TABLE "admin_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"body" text NOT NULL,
	"author_email" text NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_notes_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "admin_notes_subject_type" CHECK ("admin_notes"."subject_type" in ('member', 'order', 'subscription')),
	CONSTRAINT "admin_notes_body_length" CHECK (char_length("admin_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX "admin_notes_subject_idx" ON "admin_notes" USING btree ("subject_type","subject_id","created_at");