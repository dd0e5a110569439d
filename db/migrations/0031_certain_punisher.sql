CREATE TABLE "box_stock_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"box_id" uuid,
	"note" text,
	"author_email" text,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_stock_moves_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "box_stock_moves_kind" CHECK ("box_stock_moves"."kind" in ('receive', 'pack')),
	CONSTRAINT "box_stock_moves_sign" CHECK (("box_stock_moves"."kind" = 'receive' and "box_stock_moves"."quantity" > 0 and "box_stock_moves"."box_id" is null) or ("box_stock_moves"."kind" = 'pack' and "box_stock_moves"."quantity" < 0)),
	CONSTRAINT "box_stock_moves_note_length" CHECK ("box_stock_moves"."note" is null or char_length("box_stock_moves"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "box_stock_moves" ADD CONSTRAINT "box_stock_moves_item_id_box_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."box_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_stock_moves" ADD CONSTRAINT "box_stock_moves_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_stock_moves_box_item_idx" ON "box_stock_moves" USING btree ("box_id","item_id");--> statement-breakpoint
CREATE INDEX "box_stock_moves_item_idx" ON "box_stock_moves" USING btree ("item_id");