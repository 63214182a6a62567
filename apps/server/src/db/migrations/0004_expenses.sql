CREATE TABLE "expense_splits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expense_splits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"expense_id" integer NOT NULL,
	"group_id" integer,
	"payer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"settled_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_splits_settled_within" CHECK ("expense_splits"."settled_cents" >= 0 and "expense_splits"."settled_cents" <= "expense_splits"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer,
	"created_by" integer,
	"list_id" integer,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"paid_by" integer NOT NULL,
	"category_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"split_type" text NOT NULL,
	"split_input" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "group_balances" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "group_balances_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_ledgers" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"transfers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"from_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expense_id" integer,
	"split_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "settlements_amount_positive" CHECK ("settlements"."amount_cents" > 0),
	CONSTRAINT "settlements_two_people" CHECK ("settlements"."from_id" <> "settlements"."to_id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "kind" text DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_splits" ADD CONSTRAINT "expense_splits_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_balances" ADD CONSTRAINT "group_balances_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_ledgers" ADD CONSTRAINT "group_ledgers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_split_id_expense_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."expense_splits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_splits_expense_idx" ON "expense_splits" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "expense_splits_user_idx" ON "expense_splits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "expense_splits_payer_idx" ON "expense_splits" USING btree ("payer_id");--> statement-breakpoint
CREATE INDEX "expense_splits_open_idx" ON "expense_splits" USING btree ("group_id","user_id","payer_id","expense_id") WHERE "expense_splits"."settled_cents" < "expense_splits"."amount_cents";--> statement-breakpoint
CREATE INDEX "expenses_group_date_idx" ON "expenses" USING btree ("group_id","date","id");--> statement-breakpoint
CREATE INDEX "expenses_created_by_idx" ON "expenses" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "expenses_paid_by_idx" ON "expenses" USING btree ("paid_by");--> statement-breakpoint
CREATE INDEX "expenses_list_idx" ON "expenses" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "group_balances_user_id_index" ON "group_balances" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "settlements_group_idx" ON "settlements" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "settlements_split_idx" ON "settlements" USING btree ("split_id");--> statement-breakpoint
CREATE INDEX "settlements_from_idx" ON "settlements" USING btree ("from_id");--> statement-breakpoint
CREATE INDEX "settlements_to_idx" ON "settlements" USING btree ("to_id");