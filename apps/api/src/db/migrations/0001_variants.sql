CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"option1" text,
	"option2" text,
	"option3" text,
	"price_cents" integer,
	"compare_at_cents" integer,
	"available" integer DEFAULT 0 NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"image" text,
	"barcode" text,
	"weight_grams" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_options_key" UNIQUE NULLS NOT DISTINCT("product_id","option1","option2","option3"),
	CONSTRAINT "product_variants_available_nonnegative" CHECK ("product_variants"."available" >= 0),
	CONSTRAINT "product_variants_sold_nonnegative" CHECK ("product_variants"."sold_count" >= 0),
	CONSTRAINT "product_variants_prices_nonnegative" CHECK (coalesce("product_variants"."price_cents", 0) >= 0 and coalesce("product_variants"."compare_at_cents", 0) >= 0),
	CONSTRAINT "product_variants_weight_nonnegative" CHECK (coalesce("product_variants"."weight_grams", 0) >= 0)
);
--> statement-breakpoint
-- ADR 023: products get options and variants. This migration upgrades a shop made by the
-- previous release in place: options from its colour and size lists, one variant per colour x size with
-- the product's stock and sales split evenly over them (the lists never recorded a split), cart and order
-- lines pointed at their variant, brands given a slug. Every total is kept.
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "brands" b SET "slug" = s.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY id) = 1 THEN base ELSE base || '-' || row_number() OVER (PARTITION BY base ORDER BY id) END AS slug
  FROM (SELECT id, coalesce(nullif(trim(BOTH '-' FROM lower(regexp_replace(id, '[^A-Za-z0-9]+', '-', 'g'))), ''), 'brand') AS base FROM "brands") named
) s WHERE s.id = b.id;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_description" text;--> statement-breakpoint
-- An option's values differ regardless of case (the contracts' productOption): a list's repeats go, the first
-- spelling stays.
UPDATE "products" SET
  "colors" = ARRAY(SELECT (array_agg(c ORDER BY o))[1] FROM unnest("colors") WITH ORDINALITY u(c, o) GROUP BY lower(c) ORDER BY min(o)),
  "available_sizes" = ARRAY(SELECT (array_agg(z ORDER BY o))[1] FROM unnest("available_sizes") WITH ORDINALITY u(z, o) GROUP BY lower(z) ORDER BY min(o));--> statement-breakpoint
UPDATE "products" SET "options" =
  CASE WHEN cardinality("colors") > 0 THEN jsonb_build_array(jsonb_build_object('name', 'Color', 'values', to_jsonb("colors"))) ELSE '[]'::jsonb END
  || CASE WHEN cardinality("available_sizes") > 0 THEN jsonb_build_array(jsonb_build_object('name', 'Size', 'values', to_jsonb("available_sizes"))) ELSE '[]'::jsonb END;--> statement-breakpoint
CREATE TEMPORARY TABLE "variant_map" ON COMMIT DROP AS
WITH combos AS (
  SELECT p.id AS product_id, p.slug, p.available, p.sold_count, c.color, c.co, z.size, z.so
  FROM "products" p
  CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p.colors) > 0 THEN p.colors ELSE ARRAY[NULL]::text[] END) WITH ORDINALITY c(color, co)
  CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p.available_sizes) > 0 THEN p.available_sizes ELSE ARRAY[NULL]::text[] END) WITH ORDINALITY z(size, so)
), numbered AS (
  SELECT *, (row_number() OVER (PARTITION BY product_id ORDER BY co, so) - 1)::int AS k, (count(*) OVER (PARTITION BY product_id))::int AS n
  FROM combos
), suffixed AS (
  SELECT *, trim(BOTH '-' FROM regexp_replace(lower(concat_ws('-', color, size)), '[^a-z0-9]+', '-', 'g')) AS suffix
  FROM numbered
), named AS (
  -- The SKU rule of the contracts' defaultSku: the slug, and the variant's values when it has siblings;
  -- a SKU taken already (another product's slug, say) gets a piece of a hash.
  SELECT *, CASE WHEN n = 1 OR suffix = '' THEN slug ELSE slug || '-' || suffix END AS base
  FROM suffixed
)
SELECT gen_random_uuid() AS variant_id, product_id, color, size, k, n,
  CASE WHEN row_number() OVER (PARTITION BY base ORDER BY product_id, k) = 1 THEN base
    ELSE base || '-' || substr(md5(product_id::text || '/' || k), 1, 8) END AS sku,
  available / n + CASE WHEN k < available % n THEN 1 ELSE 0 END AS available,
  sold_count / n + CASE WHEN k < sold_count % n THEN 1 ELSE 0 END AS sold_count
FROM named;--> statement-breakpoint
INSERT INTO "product_variants" ("id", "product_id", "sku", "option1", "option2", "available", "sold_count", "position")
SELECT variant_id, product_id, sku, coalesce(color, size), CASE WHEN color IS NOT NULL THEN size END, available, sold_count, k
FROM "variant_map";--> statement-breakpoint
ALTER TABLE "product_subscribers" DROP CONSTRAINT "product_subscribers_product_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_subscribers" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subscribers" ADD CONSTRAINT "product_subscribers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","created_at");--> statement-breakpoint
ALTER TABLE "product_subscribers" ADD CONSTRAINT "product_subscribers_key" UNIQUE NULLS NOT DISTINCT("product_id","user_id","variant_id");
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
-- Lines are keyed by variant from here on: two lines may become one variant's (merged below).
DROP INDEX "cart_items_line_key";--> statement-breakpoint
-- Each line goes to its variant; a line whose colour or size the product no longer lists (the admin removed
-- it, or the product had no colours when it was added) to the closest one: same colour, else same size,
-- else the first. Nothing in a cart is dropped.
UPDATE "cart_items" ci SET "variant_id" = (
  SELECT m.variant_id FROM "variant_map" m WHERE m.product_id = ci.product_id
  ORDER BY lower(coalesce(m.color, '')) = lower(ci.color) DESC, lower(coalesce(m.size, '')) = lower(ci.size) DESC, m.k
  LIMIT 1);--> statement-breakpoint
UPDATE "cart_items" ci SET "color" = coalesce(m.color, ''), "size" = coalesce(m.size, '')
FROM "variant_map" m WHERE m.variant_id = ci.variant_id;--> statement-breakpoint
UPDATE "cart_items" ci SET "quantity" = s.quantity FROM (
  SELECT (array_agg(id ORDER BY created_at, id))[1] AS keep, sum(quantity)::int AS quantity
  FROM "cart_items" GROUP BY cart_id, variant_id HAVING count(*) > 1
) s WHERE ci.id = s.keep;--> statement-breakpoint
DELETE FROM "cart_items" WHERE id IN (
  SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY cart_id, variant_id ORDER BY created_at, id) AS rn FROM "cart_items") d
  WHERE d.rn > 1
);--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_variant_key" ON "cart_items" USING btree ("cart_id","variant_id");--> statement-breakpoint
UPDATE "order_lines" ol SET "variant_id" = m.variant_id, "sku" = m.sku FROM "variant_map" m
WHERE m.product_id = ol.product_id AND (m.n = 1 OR (
  lower(m.color) IS NOT DISTINCT FROM lower(nullif(ol.color, '')) AND lower(m.size) IS NOT DISTINCT FROM lower(nullif(ol.size, ''))));--> statement-breakpoint
UPDATE "stock_movements" sm SET "variant_id" = m.variant_id FROM "variant_map" m WHERE m.product_id = sm.product_id AND m.n = 1;--> statement-breakpoint
CREATE TYPE "public"."catalog_import_state" AS ENUM('running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" text NOT NULL,
	"file_name" text,
	"state" "catalog_import_state" DEFAULT 'running' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "product_variants_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.product_id = OLD.product_id THEN
    IF NEW.available <> OLD.available OR NEW.sold_count <> OLD.sold_count THEN
      UPDATE "products" SET "available" = "available" + NEW.available - OLD.available,
        "sold_count" = "sold_count" + NEW.sold_count - OLD.sold_count
      WHERE "id" = NEW.product_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "products" SET "available" = "available" - OLD.available, "sold_count" = "sold_count" - OLD.sold_count
    WHERE "id" = OLD.product_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "products" SET "available" = "available" + NEW.available, "sold_count" = "sold_count" + NEW.sold_count
    WHERE "id" = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_roll_up" AFTER INSERT OR DELETE OR UPDATE OF "available", "sold_count", "product_id"
ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "product_variants_roll_up"();
