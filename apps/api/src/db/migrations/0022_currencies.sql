ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "base_total_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "currency" = "s"."currency" FROM "store_settings" "s" WHERE "s"."id" = 1;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "presentment_currencies" jsonb DEFAULT '[]'::jsonb NOT NULL;
