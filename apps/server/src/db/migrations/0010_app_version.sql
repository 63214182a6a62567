CREATE TABLE "app_version" (
	"only_row" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" text NOT NULL,
	"migrated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_version_one_row" CHECK ("app_version"."only_row")
);
