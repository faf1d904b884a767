-- A rich text section of the home page holds sanitized HTML (docs/adr/044-rich-text.md); one saved when it
-- held plain text becomes paragraphs as the API makes them of text: `&` and `>` escaped, a blank line
-- between paragraphs, a single line break kept as <br />. Text holding a `<` is left to the next save.
UPDATE "home_page" SET "sections" = (
  SELECT jsonb_agg(
    CASE WHEN s->>'type' = 'rich_text' AND strpos(s->>'text', '<') = 0 THEN jsonb_set(s, '{text}', to_jsonb(
      '<p>' || regexp_replace(
        regexp_replace(
          replace(replace(btrim(s->>'text', E' \t\r\n'), '&', '&amp;'), '>', '&gt;'),
          '[ \t\r]*\n[ \t\r]*(\n[ \t\r]*)+', '</p><p>', 'g'),
        '[ \t\r]*\n[ \t\r]*', '<br />', 'g') || '</p>'))
    ELSE s END ORDER BY e.i)
  FROM jsonb_array_elements("sections") WITH ORDINALITY AS e(s, i)
)
WHERE jsonb_path_exists("sections", '$[*] ? (@.type == "rich_text")');
