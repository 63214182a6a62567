CREATE TYPE "public"."chore_due_rule" AS ENUM('due_date', 'completion');--> statement-breakpoint
CREATE TYPE "public"."chore_skip_policy" AS ENUM('next_person', 'same_person');--> statement-breakpoint
CREATE TYPE "public"."chore_swap_status" AS ENUM('pending', 'accepted', 'declined', 'cancelled');--> statement-breakpoint
CREATE TABLE "chore_swaps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chore_swaps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"chore_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_of" integer NOT NULL,
	"status" "chore_swap_status" DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_away_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_away_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_away_periods_order" CHECK ("member_away_periods"."starts_on" <= "member_away_periods"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"notification_id" integer,
	"channel" text NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_webhooks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"format" text DEFAULT 'json' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chore_assignments" ADD COLUMN "for_user_id" integer;--> statement-breakpoint
ALTER TABLE "chores" ADD COLUMN "due_rule" "chore_due_rule" DEFAULT 'due_date' NOT NULL;--> statement-breakpoint
ALTER TABLE "chores" ADD COLUMN "completion_window_days" integer;--> statement-breakpoint
ALTER TABLE "chores" ADD COLUMN "skip_policy" "chore_skip_policy" DEFAULT 'next_person' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_hours_start" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_hours_end" text;--> statement-breakpoint
ALTER TABLE "chore_swaps" ADD CONSTRAINT "chore_swaps_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_swaps" ADD CONSTRAINT "chore_swaps_chore_id_chores_id_fk" FOREIGN KEY ("chore_id") REFERENCES "public"."chores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_swaps" ADD CONSTRAINT "chore_swaps_assignment_id_chore_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."chore_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_swaps" ADD CONSTRAINT "chore_swaps_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_swaps" ADD CONSTRAINT "chore_swaps_requested_of_users_id_fk" FOREIGN KEY ("requested_of") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_away_periods" ADD CONSTRAINT "member_away_periods_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_away_periods" ADD CONSTRAINT "member_away_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_away_periods" ADD CONSTRAINT "member_away_periods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhooks" ADD CONSTRAINT "notification_webhooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chore_swaps_one_pending_per_turn" ON "chore_swaps" USING btree ("assignment_id") WHERE "chore_swaps"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "chore_swaps_group_idx" ON "chore_swaps" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "chore_swaps_requested_of_idx" ON "chore_swaps" USING btree ("requested_of","status");--> statement-breakpoint
CREATE INDEX "member_away_periods_group_idx" ON "member_away_periods" USING btree ("group_id","ends_on");--> statement-breakpoint
CREATE INDEX "notification_deliveries_user_channel_idx" ON "notification_deliveries" USING btree ("user_id","channel","id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_retry_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."status" = 'retrying';--> statement-breakpoint
ALTER TABLE "chore_assignments" ADD CONSTRAINT "chore_assignments_for_user_id_users_id_fk" FOREIGN KEY ("for_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;