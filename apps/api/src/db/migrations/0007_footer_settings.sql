ALTER TABLE "store_settings" ADD COLUMN "opening_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payment_badges" text[];