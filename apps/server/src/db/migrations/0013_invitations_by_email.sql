DROP INDEX "group_invitations_one_pending";--> statement-breakpoint
ALTER TABLE "group_invitations" ALTER COLUMN "invitee_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD COLUMN "email" text;--> statement-breakpoint
-- Invitations were kept by account; each takes its invitee's address (an invitation was always sent to an account's address, so every invitee has one).
UPDATE "group_invitations" SET "email" = lower("users"."email") FROM "users" WHERE "users"."id" = "group_invitations"."invitee_id";--> statement-breakpoint
DELETE FROM "group_invitations" WHERE "email" IS NULL;--> statement-breakpoint
ALTER TABLE "group_invitations" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "group_invitations_one_pending_per_email" ON "group_invitations" USING btree ("group_id","email") WHERE "group_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_invitations_email_index" ON "group_invitations" USING btree ("email");
