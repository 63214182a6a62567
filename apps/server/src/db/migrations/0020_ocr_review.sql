ALTER TABLE "ocr_jobs" ADD COLUMN "language_detected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ocr_jobs" ADD COLUMN "discounts_cents" integer;--> statement-breakpoint
ALTER TABLE "ocr_jobs" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "ocr_jobs" ADD COLUMN "search_text" text;