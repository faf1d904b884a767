-- Shipping zones (docs/adr/048-shipping-zones.md). The methods every shop had become one zone that
-- ships everywhere at the same flat rates, free over the same threshold after discounts, so checkout
-- charges what it charged until the owner draws zones in Settings › Shipping.
ALTER TABLE "store_settings" ADD COLUMN "shipping_zones" jsonb;--> statement-breakpoint
UPDATE "store_settings" SET "shipping_zones" = jsonb_build_array(jsonb_build_object(
  'id', gen_random_uuid()::text,
  'name', 'Everywhere',
  'countries', '[]'::jsonb,
  'regions', '[]'::jsonb,
  'postcodePrefixes', '[]'::jsonb,
  'everywhereElse', true,
  'methods', (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
      'code', m ->> 'id',
      'name', m ->> 'name',
      'estimate', coalesce(m ->> 'description', ''),
      'rate', jsonb_build_object('kind', 'flat', 'priceCents', (m ->> 'priceCents')::integer),
      'freeOverCents', m -> 'freeOverCents',
      'afterDiscount', true
    ) ORDER BY e.i), '[]'::jsonb)
    FROM jsonb_array_elements("shipping_methods") WITH ORDINALITY AS e(m, i)
  )
));--> statement-breakpoint
ALTER TABLE "store_settings" ALTER COLUMN "shipping_zones" SET NOT NULL;--> statement-breakpoint
-- An order keeps the name its method had when it was placed; earlier orders take their method's name now.
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
UPDATE "orders" AS o SET "shipping_method_name" = coalesce((
  SELECT m ->> 'name' FROM "store_settings" AS s, jsonb_array_elements(s."shipping_methods") AS m
  WHERE s."id" = 1 AND m ->> 'id' = o."shipping_method"
), o."shipping_method");--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_method_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" DROP COLUMN "shipping_methods";
