/**
 * Descriptions are rich text: HTML from a small allow-list, sanitized on every write (docs/adr/044-rich-text.md).
 * `sanitizeRichText` is the one way HTML gets into the database — the admin's editor, the API, CSV and
 * Shopify imports all pass through it — so the storefront renders what is stored as it is.
 * `richTextToText` (in contracts, the storefront uses it too) gives a description's text for meta
 * descriptions and JSON-LD;
 * `textToRichText` (in contracts too: the admin's preview draws text with it) turns a plain-text
 * description (older data, the demo seed) into paragraphs.
 */

import { RICH_TEXT_CHARS, textToRichText } from '@shop/contracts/rich-text';
import sanitizeHtml from 'sanitize-html';

export { textToRichText };

/** Elements a description may hold; nothing else survives, and no attribute but a link's `href` (and our `rel`). */
export const RICH_TEXT_TAGS = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br'] as const;
/** Link schemes kept; relative paths are kept too, protocol-relative ones (`//host`) are not. */
const SCHEMES = ['http', 'https', 'mailto'];
/** Elements dropped with everything inside them, not only their tags: their content is not text. */
const DROPPED_WHOLE = [
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];
/** An external link's `rel`: no access to our window, no referrer, no ranking passed on. */
export const EXTERNAL_REL = 'noopener noreferrer nofollow';

export class RichTextTooLongError extends Error {
  readonly code = 'RICH_TEXT_TOO_LONG';
  constructor(readonly max: number) {
    super(`rich text must be at most ${max} characters`);
  }
}

/**
 * A link target as a browser reads it (tabs and line breaks removed, leading and trailing controls and
 * spaces trimmed), or nothing when it is not one we keep: another scheme, or protocol-relative.
 */
function safeHref(raw: string | undefined): { href: string; external: boolean } | undefined {
  if (raw === undefined) return undefined;
  let start = 0;
  let end = raw.length;
  while (start < end && raw.charCodeAt(start) <= 0x20) start++;
  while (end > start && raw.charCodeAt(end - 1) <= 0x20) end--;
  const href = raw.slice(start, end).replace(/[\t\n\r]/g, '');
  if (href === '' || /^[\\/]{2}/.test(href)) return undefined;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return { href, external: false };
  if (!SCHEMES.includes(scheme)) return undefined;
  return { href, external: scheme !== 'mailto' };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: SCHEMES,
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  parseStyleAttributes: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WHOLE,
  selfClosing: ['br'],
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    // The attributes are made anew: only a safe href, and our rel on external links.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const link = safeHref(attribs.href);
      const kept: sanitizeHtml.Attributes = {};
      if (link) kept.href = link.href;
      if (link?.external) kept.rel = EXTERNAL_REL;
      return { tagName: 'a', attribs: kept };
    },
  },
};

/**
 * `html` reduced to the allow-list (`RICH_TEXT_TAGS`): `b`, `i`, `h1` become `strong`, `em`, `h2`; other
 * elements are dropped (their text kept, except for `DROPPED_WHOLE`, which go with their content); no
 * attribute survives but a link's `href` (http, https, mailto or a relative path), and external links get
 * `rel="noopener noreferrer nofollow"`. The length is checked before any parsing (docs/adr/011), so the
 * work is linear in at most `max` characters. Sanitizing twice gives the same text as once.
 */
export function sanitizeRichText(html: string, max: number = RICH_TEXT_CHARS): string {
  if (html.length > max) throw new RichTextTooLongError(max);
  // A second pass reads the first's output as a browser will: where dropping an element left, say, a
  // paragraph inside a paragraph, the parser now closes the outer one, and the result is stable.
  return sanitizeHtml(sanitizeHtml(html, OPTIONS), OPTIONS).trim();
}

/**
 * A description as staff or a file send it: HTML is sanitized; text without a single `<` is plain text
 * (an API client's, or a CSV exported before descriptions were rich), written as paragraphs.
 */
export function richTextFromInput(input: string, max: number = RICH_TEXT_CHARS): string {
  if (input.length > max) throw new RichTextTooLongError(max);
  return input.includes('<') ? sanitizeRichText(input, max) : textToRichText(input);
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!);

/**
 * A content page's body in the plain-text form it had before pages were rich text, as rich text
 * (docs/adr/044-rich-text.md, "Content pages"): blocks between blank lines; a one-line block `## x` is
 * `<h2>x</h2>`, `### x` is `<h3>x</h3>`; a block whose every line starts with `- ` is a `<ul>` of its
 * lines; any other block a `<p>` whose lines are joined by `<br />`. All text is escaped. Migration 0018
 * does the same in SQL for stored bodies (apps/api/test/content-rich-text.test.ts holds them equal).
 */
export function contentMarkupToRichText(text: string): string {
  const html: string[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const block = chunk.trim();
    if (block === '') continue;
    const lines = block.split('\n').map((line) => line.trim());
    if (lines.length === 1 && block.startsWith('### ')) html.push(`<h3>${escapeText(block.slice(4).trim())}</h3>`);
    else if (lines.length === 1 && block.startsWith('## ')) html.push(`<h2>${escapeText(block.slice(3).trim())}</h2>`);
    else if (lines.every((line) => line.startsWith('- ')))
      html.push(`<ul>${lines.map((line) => `<li>${escapeText(line.slice(2).trim())}</li>`).join('')}</ul>`);
    else html.push(`<p>${lines.map(escapeText).join('<br />')}</p>`);
  }
  return html.join('');
}
