ALTER TABLE "categories" ADD COLUMN "picture" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;