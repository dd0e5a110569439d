CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_user_id" text,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"plan" text NOT NULL,
	"months" integer NOT NULL,
	"monthly_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"gst" integer NOT NULL,
	"currency" text NOT NULL,
	"send_on" date NOT NULL,
	"code_hash" text NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_reference" text,
	"payment_error" text,
	"paid_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" text,
	"redeemed_as" text,
	"redeemed_region" text,
	"redeemed_address" jsonb,
	"redeemed_week" integer,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "gifts_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gifts_months" CHECK ("gifts"."months" in (3, 6, 12)),
	CONSTRAINT "gifts_amount_positive" CHECK ("gifts"."amount" > 0),
	CONSTRAINT "gifts_status" CHECK ("gifts"."status" in ('pending_payment', 'payment_failed', 'paid')),
	CONSTRAINT "gifts_redeemed_as" CHECK ("gifts"."redeemed_as" is null or "gifts"."redeemed_as" in ('subscription', 'credit', 'held')),
	CONSTRAINT "gifts_redeemed_whole" CHECK (("gifts"."redeemed_at" is null) = ("gifts"."redeemed_by" is null)
          and ("gifts"."redeemed_at" is null) = ("gifts"."redeemed_as" is null)
          and ("gifts"."redeemed_at" is null or "gifts"."status" = 'paid'))
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_redeemed_by_idx" ON "gifts" USING btree ("redeemed_by") WHERE "gifts"."redeemed_by" is not null;--> statement-breakpoint
CREATE INDEX "gifts_buyer_email_idx" ON "gifts" USING btree ("buyer_email");--> statement-breakpoint
CREATE INDEX "gifts_payment_reference_idx" ON "gifts" USING btree ("payment_reference");