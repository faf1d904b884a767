ALTER TABLE "order_lines" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "missing_images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Lines sold before options were frozen: their variant's values under the product's option names while
-- both still exist, otherwise the colour and size the line kept.
UPDATE "order_lines" l SET "options" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('name', o.name, 'value', o.value) ORDER BY o.n)
  FROM "product_variants" v
  JOIN "products" p ON p.id = v.product_id
  CROSS JOIN LATERAL (VALUES
    (1, p.options -> 0 ->> 'name', v.option1),
    (2, p.options -> 1 ->> 'name', v.option2),
    (3, p.options -> 2 ->> 'name', v.option3)
  ) AS o(n, name, value)
  WHERE v.id = l.variant_id AND o.name IS NOT NULL AND o.value IS NOT NULL
), (
  SELECT coalesce(jsonb_agg(jsonb_build_object('name', c.name, 'value', c.value) ORDER BY c.n), '[]'::jsonb)
  FROM (VALUES (1, 'Color', l.color), (2, 'Size', l.size)) AS c(n, name, value)
  WHERE c.value IS NOT NULL
))
WHERE l."options" = '[]'::jsonb;
