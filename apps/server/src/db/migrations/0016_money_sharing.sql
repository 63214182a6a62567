CREATE TABLE "group_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_exchange_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"currency" text NOT NULL,
	"rate" text NOT NULL,
	"date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "share_weight" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payers" jsonb;--> statement-breakpoint
ALTER TABLE "group_units" ADD CONSTRAINT "group_units_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_exchange_rates" ADD CONSTRAINT "group_exchange_rates_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_exchange_rates" ADD CONSTRAINT "group_exchange_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_units_group_id_index" ON "group_units" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "group_exchange_rates_latest_idx" ON "group_exchange_rates" USING btree ("group_id","currency","date","id");--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_unit_id_group_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."group_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_unit_id_index" ON "group_members" USING btree ("unit_id");--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_share_weight" CHECK ("group_members"."share_weight" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_original_all_or_none" CHECK (("expenses"."original_currency" is null) = ("expenses"."original_amount_minor" is null) and ("expenses"."original_currency" is null) = ("expenses"."exchange_rate" is null));