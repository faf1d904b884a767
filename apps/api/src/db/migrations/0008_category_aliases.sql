ALTER TABLE "categories" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The listing's filter named the `fashion` category `clothing` in code: a shop made by the demo seed keeps
-- that name as the category's alias (ADR 035).
UPDATE "categories" SET "aliases" = '{clothing}' WHERE "id" = 'fashion' AND NOT EXISTS (
  SELECT 1 FROM "categories" WHERE "id" = 'clothing'
);
