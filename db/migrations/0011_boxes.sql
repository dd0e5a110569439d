CREATE TABLE "box_contents" (
	"month" integer NOT NULL,
	"zone" text NOT NULL,
	"plan" text NOT NULL,
	"item_id" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_contents_month_zone_plan_item_id_pk" PRIMARY KEY("month","zone","plan","item_id"),
	CONSTRAINT "box_contents_month_range" CHECK ("box_contents"."month" between 1 and 12),
	CONSTRAINT "box_contents_quantity_range" CHECK ("box_contents"."quantity" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "box_items" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"size_class" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_items_kind" CHECK ("box_items"."kind" in ('seedling', 'seed', 'supply')),
	CONSTRAINT "box_items_size_class" CHECK ("box_items"."size_class" in ('small-seedling', 'large-seedling', 'seed-packet', 'supply'))
);
--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"deliver_on" date NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"plan" text NOT NULL,
	"zone" text NOT NULL,
	"items" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"order_id" uuid,
	"charge_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"reminded_at" timestamp with time zone,
	"charged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boxes_status" CHECK ("boxes"."status" in ('scheduled', 'skipped', 'locked', 'charged', 'payment_failed', 'unpaid', 'packed', 'shipped')),
	CONSTRAINT "boxes_amount_non_negative" CHECK ("boxes"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "box_contents" ADD CONSTRAINT "box_contents_item_id_box_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."box_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boxes_subscription_period_idx" ON "boxes" USING btree ("subscription_id","deliver_on");--> statement-breakpoint
CREATE INDEX "boxes_deliver_on_status_idx" ON "boxes" USING btree ("deliver_on","status");--> statement-breakpoint
CREATE INDEX "boxes_retry_due_idx" ON "boxes" USING btree ("next_attempt_at") WHERE "boxes"."status" = 'payment_failed';