CREATE TABLE "shop_ticks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_ticks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer,
	"user_id" integer,
	"list_id" integer,
	"shop" text NOT NULL,
	"item_key" text NOT NULL,
	"item_name" text NOT NULL,
	"category_id" integer,
	"in_shop" boolean NOT NULL,
	"ticked_by" integer,
	"ticked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_ticks_one_scope" CHECK (("shop_ticks"."user_id" is null) <> ("shop_ticks"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "shop" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_ticks" ADD CONSTRAINT "shop_ticks_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ticks" ADD CONSTRAINT "shop_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ticks" ADD CONSTRAINT "shop_ticks_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ticks" ADD CONSTRAINT "shop_ticks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ticks" ADD CONSTRAINT "shop_ticks_ticked_by_users_id_fk" FOREIGN KEY ("ticked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_ticks_group_shop_time_idx" ON "shop_ticks" USING btree ("group_id","shop","ticked_at");--> statement-breakpoint
CREATE INDEX "shop_ticks_user_shop_time_idx" ON "shop_ticks" USING btree ("user_id","shop","ticked_at");--> statement-breakpoint
CREATE INDEX "shop_ticks_list_key_idx" ON "shop_ticks" USING btree ("list_id","item_key");