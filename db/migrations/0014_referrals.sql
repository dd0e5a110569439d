CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	CONSTRAINT "referrals_friend_id_unique" UNIQUE("friend_id"),
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'counted', 'refused', 'void'))
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_contacts_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_contacts_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","status");--> statement-breakpoint
CREATE INDEX "referrals_farm_idx" ON "referrals" USING btree ("referrer_id","ip","created_at");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_referral_code_unique" UNIQUE("referral_code");