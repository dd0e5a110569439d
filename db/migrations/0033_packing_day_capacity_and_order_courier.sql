CREATE TABLE "packing_day_capacities" (
	"day" date PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packing_day_capacities_non_negative" CHECK ("packing_day_capacities"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;