CREATE TABLE "regions" (
	"name" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'waitlist' NOT NULL,
	"opened_at" timestamp with time zone,
	"opened_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"plan" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"region" text NOT NULL,
	"address" jsonb NOT NULL,
	"delivery_week" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"next_box_on" date NOT NULL,
	"payment_provider" text NOT NULL,
	"provider_customer_id" text,
	"provider_payment_method_id" text,
	"card_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "subscriptions_delivery_week_range" CHECK ("subscriptions"."delivery_week" between 1 and 4),
	CONSTRAINT "subscriptions_price_non_negative" CHECK ("subscriptions"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions" USING btree ("current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_running_per_user_idx" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'paused', 'past_due');