ALTER TABLE "subscriptions" ADD COLUMN "paused_until" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_box_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_box_discount_range" CHECK ("subscriptions"."next_box_discount_percent" is null or "subscriptions"."next_box_discount_percent" between 1 and 100);