-- Tax by destination (docs/adr/049-tax-by-destination.md). The store's one rate becomes the standard
-- class's rate, and the reduced class starts at it too: every zone keeps charging what it charged until
-- the owner sets rates per zone. Prices stay entered without tax.
ALTER TABLE "store_settings" ADD COLUMN "tax" jsonb;--> statement-breakpoint
UPDATE "store_settings" SET "tax" = jsonb_build_object(
  'pricesIncludeTax', false,
  'name', 'Tax',
  'originCountry', NULL,
  'shippingClass', 'standard',
  'classes', jsonb_build_array(
    jsonb_build_object('code', 'standard', 'name', 'Standard', 'rateBasisPoints', "tax_rate_basis_points"),
    jsonb_build_object('code', 'reduced', 'name', 'Reduced', 'rateBasisPoints', "tax_rate_basis_points"),
    jsonb_build_object('code', 'zero', 'name', 'Zero-rated', 'rateBasisPoints', 0),
    jsonb_build_object('code', 'exempt', 'name', 'Exempt', 'rateBasisPoints', 0)
  ),
  'rates', '[]'::jsonb
);--> statement-breakpoint
ALTER TABLE "store_settings" ALTER COLUMN "tax" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" DROP CONSTRAINT "store_settings_tax_range";--> statement-breakpoint
ALTER TABLE "store_settings" DROP COLUMN "tax_rate_basis_points";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "tax_class" text;--> statement-breakpoint
-- An order keeps the rates it was taxed at, and the zone. Every earlier order was taxed at its one rate,
-- added on top, on the goods after discount and the shipping, in the one zone migration 0020 made.
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "tax_lines" = jsonb_build_array(jsonb_build_object(
  'name', 'Tax',
  'zone', coalesce((SELECT s."shipping_zones" -> 0 ->> 'name' FROM "store_settings" AS s WHERE s."id" = 1), ''),
  'rateBasisPoints', "tax_rate_basis_points",
  'taxableCents', "subtotal_cents" - "discount_cents" + "shipping_cents",
  'taxCents', "tax_cents"
)) WHERE "tax_cents" > 0 OR "tax_rate_basis_points" > 0;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."discount_cents" <= "orders"."subtotal_cents" and "orders"."shipping_cents" >= 0 and "orders"."tax_cents" >= 0 and "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."shipping_cents" + case when "orders"."tax_included" then 0 else "orders"."tax_cents" end);
