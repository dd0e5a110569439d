CREATE TABLE "growing_tips_runs" (
	"month" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_reminders" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"frequency" text NOT NULL,
	"consent_statement" text NOT NULL,
	"consent_source" text NOT NULL,
	"consent_ip" text,
	"consent_user_agent" text,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_source" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tips_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "sms_reminders" ADD CONSTRAINT "sms_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_reminders_phone_idx" ON "sms_reminders" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_calendar_token_unique" UNIQUE("calendar_token");