DROP INDEX "products_rating_idx";--> statement-breakpoint
CREATE INDEX "products_listing_popular_idx" ON "products" USING btree ("sold_count" DESC NULLS FIRST,"id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_category_popular_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS FIRST,"id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("sale_price_cents","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_category_price_idx" ON "products" USING btree ("category_id","sale_price_cents","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree ("date_added" DESC NULLS FIRST,"id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_rating_idx" ON "products" USING btree ("rating_average" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"id") WHERE "products"."published";