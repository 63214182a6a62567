CREATE TABLE "chore_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chore_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chore_id" integer NOT NULL,
	"group_id" integer,
	"user_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"completed_on" date,
	"completed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chore_calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chore_calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "chore_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chore_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer,
	"owner_id" integer,
	"chore_id" integer,
	"chore_name" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"subject_user_id" integer,
	"effort" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chore_time_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chore_time_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"minutes" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer,
	"owner_id" integer,
	"created_by" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"frequency" text NOT NULL,
	"interval_days" integer,
	"due_date" date NOT NULL,
	"anchor_date" date NOT NULL,
	"effort" integer DEFAULT 1 NOT NULL,
	"completed_on" date,
	"completed_by" integer,
	"due_before_completion" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "chores_personal_or_group" CHECK (("chores"."group_id" is null) <> ("chores"."owner_id" is null))
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "chore_assignments" ADD CONSTRAINT "chore_assignments_chore_id_chores_id_fk" FOREIGN KEY ("chore_id") REFERENCES "public"."chores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_assignments" ADD CONSTRAINT "chore_assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_assignments" ADD CONSTRAINT "chore_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_assignments" ADD CONSTRAINT "chore_assignments_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_assignments" ADD CONSTRAINT "chore_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_calendar_feeds" ADD CONSTRAINT "chore_calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_history" ADD CONSTRAINT "chore_history_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_history" ADD CONSTRAINT "chore_history_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_history" ADD CONSTRAINT "chore_history_chore_id_chores_id_fk" FOREIGN KEY ("chore_id") REFERENCES "public"."chores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_history" ADD CONSTRAINT "chore_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_history" ADD CONSTRAINT "chore_history_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_time_entries" ADD CONSTRAINT "chore_time_entries_assignment_id_chore_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."chore_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_time_entries" ADD CONSTRAINT "chore_time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chores" ADD CONSTRAINT "chores_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chores" ADD CONSTRAINT "chores_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chores" ADD CONSTRAINT "chores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chores" ADD CONSTRAINT "chores_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chore_assignments_one_per_occurrence" ON "chore_assignments" USING btree ("chore_id","due_date");--> statement-breakpoint
CREATE INDEX "chore_assignments_user_due_idx" ON "chore_assignments" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE INDEX "chore_assignments_group_idx" ON "chore_assignments" USING btree ("group_id","due_date");--> statement-breakpoint
CREATE INDEX "chore_history_group_idx" ON "chore_history" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "chore_history_owner_idx" ON "chore_history" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "chore_history_chore_idx" ON "chore_history" USING btree ("chore_id","id");--> statement-breakpoint
CREATE INDEX "chore_time_entries_assignment_idx" ON "chore_time_entries" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chore_time_entries_one_running" ON "chore_time_entries" USING btree ("assignment_id","user_id") WHERE "chore_time_entries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "chores_group_due_idx" ON "chores" USING btree ("group_id","due_date");--> statement-breakpoint
CREATE INDEX "chores_owner_due_idx" ON "chores" USING btree ("owner_id","due_date");