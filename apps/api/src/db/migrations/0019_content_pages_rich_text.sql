-- A content page's body is rich text (docs/adr/044-rich-text.md, "Content pages"). Every body stored
-- before this holds the old plain-text form, shown as text whatever it contained, so all of them are
-- converted as `contentMarkupToRichText` (apps/api/src/lib/rich-text.ts) converts the seed's: `&`, `<`
-- and `>` escaped; blocks between blank lines; a one-line `## x` block an <h2>, `### x` an <h3>; a block
-- whose lines all start with `- ` a <ul> of them; any other block a <p> whose lines are joined by <br />.
-- Each body is split once into blocks and each block once into lines: linear in its length.
UPDATE "content_pages" AS page SET "body" = coalesce((
  SELECT string_agg(
    CASE
      WHEN strpos(b.t, E'\n') = 0 AND b.t LIKE '### %' THEN '<h3>' || btrim(substr(b.t, 5), E' \t') || '</h3>'
      WHEN strpos(b.t, E'\n') = 0 AND b.t LIKE '## %' THEN '<h2>' || btrim(substr(b.t, 4), E' \t') || '</h2>'
      WHEN NOT EXISTS (
        SELECT 1 FROM regexp_split_to_table(b.t, E'\n') AS l(line) WHERE btrim(l.line, E' \t') NOT LIKE '- %'
      ) THEN '<ul>' || (
        SELECT string_agg('<li>' || btrim(substr(btrim(l.line, E' \t'), 3), E' \t') || '</li>', '' ORDER BY l.i)
        FROM regexp_split_to_table(b.t, E'\n') WITH ORDINALITY AS l(line, i)
      ) || '</ul>'
      ELSE '<p>' || (
        SELECT string_agg(btrim(l.line, E' \t'), '<br />' ORDER BY l.i)
        FROM regexp_split_to_table(b.t, E'\n') WITH ORDINALITY AS l(line, i)
      ) || '</p>'
    END, '' ORDER BY b.n)
  FROM (
    SELECT btrim(s.chunk, E' \t\n') AS t, s.n
    FROM regexp_split_to_table(
      replace(replace(replace(replace(replace(page."body", E'\r\n', E'\n'), E'\r', E'\n'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
      E'\n[ \t]*\n'
    ) WITH ORDINALITY AS s(chunk, n)
  ) AS b
  WHERE b.t <> ''
), '');
