CREATE TABLE "box_seedling_placements" (
	"box_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"plant_id" text NOT NULL,
	"square" integer NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_seedling_placements_box_id_plant_id_pk" PRIMARY KEY("box_id","plant_id")
);
--> statement-breakpoint
CREATE TABLE "harvests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plant_id" text NOT NULL,
	"picked_on" date NOT NULL,
	"amount" text NOT NULL,
	"grams" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "harvests_amount" CHECK ("harvests"."amount" in ('few', 'handful', 'bowlful', 'basket', 'grams')),
	CONSTRAINT "harvests_grams" CHECK (("harvests"."amount" = 'grams') = ("harvests"."grams" is not null) and ("harvests"."grams" is null or "harvests"."grams" between 1 and 100000))
);
--> statement-breakpoint
ALTER TABLE "box_seedling_placements" ADD CONSTRAINT "box_seedling_placements_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_seedling_placements" ADD CONSTRAINT "box_seedling_placements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvests" ADD CONSTRAINT "harvests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_seedling_placements_user_idx" ON "box_seedling_placements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "harvests_user_picked_idx" ON "harvests" USING btree ("user_id","picked_on");