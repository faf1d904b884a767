CREATE TABLE "home_page" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_page_single_row" CHECK ("home_page"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "home_page" ADD CONSTRAINT "home_page_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;