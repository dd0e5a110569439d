CREATE TABLE "launch_waves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"region" text NOT NULL,
	"spots" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_waves_spots_check" CHECK ("launch_waves"."spots" > 0)
);
--> statement-breakpoint
CREATE TABLE "wave_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wave_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"region" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"replaces_id" uuid,
	CONSTRAINT "wave_invitations_replaces_id_unique" UNIQUE("replaces_id")
);
--> statement-breakpoint
ALTER TABLE "wave_invitations" ADD CONSTRAINT "wave_invitations_wave_id_launch_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."launch_waves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_invitations" ADD CONSTRAINT "wave_invitations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launch_waves_region_idx" ON "launch_waves" USING btree ("region","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wave_invitations_wave_contact_idx" ON "wave_invitations" USING btree ("wave_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wave_invitations_region_contact_idx" ON "wave_invitations" USING btree ("region","contact_id");--> statement-breakpoint
CREATE INDEX "wave_invitations_open_idx" ON "wave_invitations" USING btree ("expires_at") WHERE claimed_at is null and expired_at is null;