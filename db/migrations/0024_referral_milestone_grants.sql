CREATE TABLE "referral_milestone_grants" (
	"contact_id" uuid NOT NULL,
	"friends" integer NOT NULL,
	"user_id" text,
	"amount" integer NOT NULL,
	"held" boolean DEFAULT true NOT NULL,
	"times" integer DEFAULT 1 NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_milestone_grants_contact_id_friends_pk" PRIMARY KEY("contact_id","friends"),
	CONSTRAINT "referral_milestone_grants_amount" CHECK ("referral_milestone_grants"."amount" > 0),
	CONSTRAINT "referral_milestone_grants_times" CHECK ("referral_milestone_grants"."times" >= 1)
);
--> statement-breakpoint
ALTER TABLE "referral_milestone_grants" ADD CONSTRAINT "referral_milestone_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: the milestones already granted, from the ledger's keys (referral:<contact>:<friends>:<n>,
-- a take-back …:<n>:back), so an account deleted after this runs can't free them either.
INSERT INTO "referral_milestone_grants" ("contact_id", "friends", "user_id", "amount", "held", "times", "granted_at")
SELECT split_part("request_key", ':', 2)::uuid,
       split_part("request_key", ':', 3)::int,
       (array_agg("user_id" ORDER BY "created_at" DESC))[1],
       max("amount") FILTER (WHERE "kind" = 'referral_milestone'),
       count(*) FILTER (WHERE "kind" = 'referral_milestone') > count(*) FILTER (WHERE "kind" = 'taken_back'),
       count(*) FILTER (WHERE "kind" = 'referral_milestone'),
       min("created_at")
FROM "credit_entries"
WHERE "request_key" ~ '^referral:[0-9a-f-]{36}:[0-9]+:[0-9]+(:back)?$'
  AND "kind" IN ('referral_milestone', 'taken_back')
GROUP BY 1, 2
HAVING count(*) FILTER (WHERE "kind" = 'referral_milestone') > 0
ON CONFLICT DO NOTHING;
