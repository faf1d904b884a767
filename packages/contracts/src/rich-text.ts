/**
 * Rich text's limit, its text form and plain text made rich. Free of zod on purpose: the storefront's
 * pages import it, and zod stays out of their first JavaScript (apps/api/test/web-first-paint.test.ts);
 * the schema of a rich text field is `rich-text-field.ts`.
 */

/**
 * The most characters of HTML a rich text (a product's or a category's description) may hold, checked
 * before anything reads it: the server's sanitizer parses only what passed (docs/adr/044-rich-text.md).
 */
export const RICH_TEXT_CHARS = 20_000;

/** Tags that start a paragraph: a blank line before them in the text. */
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'table']);
/** Tags after which the text continues on a new line. */
const BLOCK = new Set(['p', 'div', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'table', 'blockquote']);
/** Tags whose content is not text. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'head', 'title']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]{2,8}|#39);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text of an HTML fragment (a description, or any HTML): lines trimmed, spaces collapsed, no blank lines at either end. A block's
 * start or end breaks the line once (`</li></ul><p>` is one break); each `<br>` breaks it again.
 */
export function richTextToText(html: string): string {
  // Parts, not one string rewritten: line breaks wait in `pending` until text follows (linear).
  const parts: string[] = [];
  let pending = 0;
  let hiddenTag: string | undefined;
  let i = 0;
  const n = html.length;
  while (i < n) {
    const open = html.indexOf('<', i);
    const textEnd = open < 0 ? n : open;
    if (!hiddenTag && textEnd > i) {
      const text = html.slice(i, textEnd).replace(/[ \t\r\n\f]+/g, ' ');
      // Layout whitespace between blocks is not text.
      if (text !== ' ' || (parts.length > 0 && pending === 0)) {
        if (pending > 0) parts.push('\n'.repeat(pending));
        pending = 0;
        parts.push(decodeEntities(text));
      }
    }
    if (open < 0) break;
    // A comment ends at -->; any other tag at the next >.
    const isComment = html.startsWith('<!--', open);
    const close = isComment ? html.indexOf('-->', open + 4) : html.indexOf('>', open + 1);
    if (close < 0) break;
    const tag = /^<\/?([a-zA-Z][a-zA-Z0-9]*)/.exec(html.slice(open, Math.min(close, open + 20)));
    const name = tag?.[1]?.toLowerCase();
    const closing = html.charCodeAt(open + 1) === 47; // '/'
    if (name && HIDDEN.has(name)) hiddenTag = closing ? undefined : name;
    else if (!hiddenTag && name === 'br') pending++;
    // A paragraph after text starts after one blank line, however many breaks came before it.
    else if (!hiddenTag && name && PARAGRAPH.has(name) && !closing && parts.length > 0) pending = 2;
    else if (!hiddenTag && name && BLOCK.has(name) && parts.length > 0 && pending === 0) pending = 1;
    i = close + (isComment ? 3 : 1);
  }
  return parts
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c]!);
}

/**
 * Plain text as rich text: escaped, each run of lines between blank lines a paragraph, single line
 * breaks kept as `<br>`. `richTextToText` reads it back.
 */
export function textToRichText(text: string): string {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (trimmed !== '') lines.push(escapeText(trimmed));
    else if (lines.length > 0) {
      paragraphs.push(`<p>${lines.join('<br />')}</p>`);
      lines = [];
    }
  }
  if (lines.length > 0) paragraphs.push(`<p>${lines.join('<br />')}</p>`);
  return paragraphs.join('');
}
