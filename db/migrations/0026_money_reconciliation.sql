CREATE TABLE "reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"record" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"ours" text,
	"our_amount" integer,
	"provider_amount" integer,
	"our_status" text,
	"provider_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_differences_record" CHECK ("reconciliation_differences"."record" in ('charge', 'refund')),
	CONSTRAINT "reconciliation_differences_kind" CHECK ("reconciliation_differences"."kind" in ('ours_not_at_provider', 'provider_not_ours', 'amount_mismatch', 'status_mismatch'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"our_charges" integer NOT NULL,
	"provider_charges" integer NOT NULL,
	"our_refunds" integer NOT NULL,
	"provider_refunds" integer NOT NULL,
	"differences" integer NOT NULL,
	CONSTRAINT "reconciliation_runs_day_provider_pk" PRIMARY KEY("day","provider")
);
--> statement-breakpoint
CREATE INDEX "reconciliation_differences_day_idx" ON "reconciliation_differences" USING btree ("day","provider");