CREATE TABLE "expense_occurrences" (
	"series_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"expense_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_occurrences_series_id_date_pk" PRIMARY KEY("series_id","date"),
	CONSTRAINT "expense_occurrences_status" CHECK ("expense_occurrences"."status" in ('made', 'awaiting_amount', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "expense_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expense_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer,
	"created_by" integer,
	"description" text NOT NULL,
	"amount_cents" integer,
	"currency" text NOT NULL,
	"paid_by" integer NOT NULL,
	"category_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"split_type" text NOT NULL,
	"split_input" jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_date" date,
	"last_date" date,
	"occurrences_made" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "expense_series_amount_positive" CHECK ("expense_series"."amount_cents" is null or "expense_series"."amount_cents" > 0),
	CONSTRAINT "expense_series_status" CHECK ("expense_series"."status" in ('active', 'paused', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "expense_occurrences" ADD CONSTRAINT "expense_occurrences_series_id_expense_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."expense_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_occurrences" ADD CONSTRAINT "expense_occurrences_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_series" ADD CONSTRAINT "expense_series_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_series" ADD CONSTRAINT "expense_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_series" ADD CONSTRAINT "expense_series_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_occurrences_expense_idx" ON "expense_occurrences" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "expense_series_group_idx" ON "expense_series" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "expense_series_created_by_idx" ON "expense_series" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "expense_series_due_idx" ON "expense_series" USING btree ("next_date") WHERE "expense_series"."status" = 'active';