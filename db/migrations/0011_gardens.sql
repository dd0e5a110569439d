CREATE TABLE "gardens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"box_size" text NOT NULL,
	"columns" integer NOT NULL,
	"rows" integer NOT NULL,
	"squares" jsonb NOT NULL,
	"last_season" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gardens" ADD CONSTRAINT "gardens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;