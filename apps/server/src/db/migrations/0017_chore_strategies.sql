CREATE TYPE "public"."chore_assignment_strategy" AS ENUM('fixed_rotation', 'least_done', 'least_effort', 'random_fair', 'same_person', 'claimable');--> statement-breakpoint
ALTER TABLE "chores" ADD COLUMN "assignment_strategy" "chore_assignment_strategy" DEFAULT 'least_effort' NOT NULL;--> statement-breakpoint
ALTER TABLE "chores" ADD COLUMN "rotation_order" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chores" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "chores" ADD COLUMN "fair_window" integer;--> statement-breakpoint
ALTER TABLE "chores" ADD CONSTRAINT "chores_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;