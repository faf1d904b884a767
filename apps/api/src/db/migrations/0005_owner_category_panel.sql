ALTER TABLE "categories" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "offer_title" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "offer_text" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "offer_link" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "badge" text;--> statement-breakpoint
-- The menu panel's offer box and badge were written in the storefront's code for every category: a shop
-- keeps showing them as it did, now as data its owner can change or turn off (ADR 035).
UPDATE "categories" SET
  "offer_title" = 'Special Offers',
  "offer_text" = 'Up to 50% off on ' || "name" || ' - Limited time!',
  "badge" = 'Trending Now';
