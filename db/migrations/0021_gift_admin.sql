CREATE TABLE "gift_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"request_key" text NOT NULL,
	"by" text NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_events_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "gift_events_kind" CHECK ("gift_events"."kind" in ('resend', 'change', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "gifts" DROP CONSTRAINT "gifts_status";--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "code_end" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_events" ADD CONSTRAINT "gift_events_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_events_gift_idx" ON "gift_events" USING btree ("gift_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_recipient_email_idx" ON "gifts" USING btree ("recipient_email");--> statement-breakpoint
CREATE INDEX "gifts_created_at_idx" ON "gifts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gifts_code_end_idx" ON "gifts" USING btree ("code_end");--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_refunded_whole" CHECK (("gifts"."status" = 'refunded') = ("gifts"."refunded_at" is not null));--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_status" CHECK ("gifts"."status" in ('pending_payment', 'payment_failed', 'paid', 'refunded'));