ALTER TABLE "boxes" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "claim_key" text;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "claim_attempt" integer;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "claim_kind" text;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "credit_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "boxes_claimed_idx" ON "boxes" USING btree ("claimed_at") WHERE "boxes"."claimed_at" is not null;