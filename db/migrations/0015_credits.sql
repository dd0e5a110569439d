CREATE TABLE "credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"created_by" text,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "credit_entries_kind" CHECK ("credit_entries"."kind" in ('referral_milestone', 'gift', 'goodwill', 'refunded_box', 'applied_to_box', 'taken_back')),
	CONSTRAINT "credit_entries_sign" CHECK (case when "credit_entries"."kind" = 'applied_to_box' then "credit_entries"."amount" < 0
               when "credit_entries"."kind" = 'taken_back' then "credit_entries"."amount" <= 0
               else "credit_entries"."amount" > 0 end)
);
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_user_idx" ON "credit_entries" USING btree ("user_id","created_at");