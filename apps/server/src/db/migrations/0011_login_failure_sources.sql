ALTER TABLE "auth_attempts" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "device" text;