ALTER TABLE "products" ADD COLUMN "product_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Descriptions become rich text (ADR 044): the plain text they held is written as HTML the way
-- textToRichText (apps/api/src/lib/rich-text.ts) writes it: &, < and > escaped, each run of lines between
-- blank lines a paragraph, its lines trimmed and joined by <br />.
UPDATE "products" SET "description" = coalesce((
  SELECT string_agg('<p>' || "paragraph" || '</p>', '' ORDER BY "grp")
  FROM (
    SELECT "grp", string_agg("line", '<br />' ORDER BY "n") AS "paragraph"
    FROM (
      SELECT "n", "line", count(*) FILTER (WHERE "line" = '') OVER (ORDER BY "n") AS "grp"
      FROM (
        SELECT "n", btrim("raw", E' \t\f\v\u00a0\ufeff') AS "line"
        FROM regexp_split_to_table(
          replace(replace(replace("description", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
          E'\r\n|\r|\n'
        ) WITH ORDINALITY AS "lines"("raw", "n")
      ) AS "trimmed"
    ) AS "grouped"
    WHERE "line" <> ''
    GROUP BY "grp"
  ) AS "paragraphs"
), '')
WHERE "description" <> '';--> statement-breakpoint
UPDATE "categories" SET "description" = coalesce((
  SELECT string_agg('<p>' || "paragraph" || '</p>', '' ORDER BY "grp")
  FROM (
    SELECT "grp", string_agg("line", '<br />' ORDER BY "n") AS "paragraph"
    FROM (
      SELECT "n", "line", count(*) FILTER (WHERE "line" = '') OVER (ORDER BY "n") AS "grp"
      FROM (
        SELECT "n", btrim("raw", E' \t\f\v\u00a0\ufeff') AS "line"
        FROM regexp_split_to_table(
          replace(replace(replace("description", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
          E'\r\n|\r|\n'
        ) WITH ORDINALITY AS "lines"("raw", "n")
      ) AS "trimmed"
    ) AS "grouped"
    WHERE "line" <> ''
    GROUP BY "grp"
  ) AS "paragraphs"
), '')
WHERE "description" <> '';
