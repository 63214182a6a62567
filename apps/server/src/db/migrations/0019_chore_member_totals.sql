CREATE TABLE "chore_done_totals" (
	"chore_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chore_done_totals_chore_id_user_id_pk" PRIMARY KEY("chore_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chore_effort_totals" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"effort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chore_effort_totals_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chore_done_totals" ADD CONSTRAINT "chore_done_totals_chore_id_chores_id_fk" FOREIGN KEY ("chore_id") REFERENCES "public"."chores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_done_totals" ADD CONSTRAINT "chore_done_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_effort_totals" ADD CONSTRAINT "chore_effort_totals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chore_effort_totals" ADD CONSTRAINT "chore_effort_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "chore_effort_totals" ("group_id", "user_id", "effort")
SELECT "group_id", "subject_user_id", sum("effort")::int FROM "chore_history"
WHERE "effort" <> 0 AND "group_id" IS NOT NULL AND "subject_user_id" IS NOT NULL
GROUP BY "group_id", "subject_user_id";--> statement-breakpoint
INSERT INTO "chore_done_totals" ("chore_id", "user_id", "done")
SELECT "chore_id", "subject_user_id",
  (count(*) FILTER (WHERE "effort" > 0) - count(*) FILTER (WHERE "effort" < 0))::int
FROM "chore_history"
WHERE "effort" <> 0 AND "group_id" IS NOT NULL AND "chore_id" IS NOT NULL AND "subject_user_id" IS NOT NULL
GROUP BY "chore_id", "subject_user_id";
