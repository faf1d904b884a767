/**
 * Placeholders in content pages. A page's stored text says `{{shipping.standard.price}}`
 * where it means "whatever standard shipping costs right now"; the page is expanded from the store
 * settings each time it is served, so a policy page can never disagree with checkout.
 *
 * A token is `{{`, a name of letters, digits, `.` and `_` (spaces around it allowed), `}}`. Known names
 * become their value; any other text in double braces is dropped rather than shown raw to shoppers (the
 * admin editor refuses unknown names on save, so this only happens after a name is retired).
 */

/** The placeholders staff can use, with what each becomes (shown in the admin page editor). */
export const PLACEHOLDERS = {
  'store.name': 'Store name',
  'store.email': 'Contact e-mail (empty until set in the store profile)',
  'store.phone': 'Contact phone (empty until set)',
  'store.address': 'Postal address (empty until set)',
  'shipping.standard.name': 'Name of standard shipping, e.g. "Standard shipping"',
  'shipping.standard.price': 'Standard shipping price, e.g. "$5.99" ("free" when 0)',
  'shipping.standard.free_over': 'Order value from which standard shipping is free, e.g. "$50.00" ("never" if unset)',
  'shipping.standard.cost':
    'Standard price with its free-shipping rule, e.g. "$5.99, free on orders of $50.00 or more"',
  'shipping.standard.delivery': 'Standard delivery time as checkout shows it, e.g. "5–7 business days"',
  'shipping.express.name': 'Name of express shipping',
  'shipping.express.price': 'Express shipping price',
  'shipping.express.free_over': 'Order value from which express shipping is free ("never" if unset)',
  'shipping.express.cost': 'Express price with its free-shipping rule',
  'shipping.express.delivery': 'Express delivery time as checkout shows it',
  'tax.rate': 'Sales tax rate, e.g. "8%"',
  'tax.policy': 'One sentence saying whether tax is added at checkout and at what rate',
  'pay_later.days': 'Days until a pay-later invoice is due, e.g. "14"',
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDERS;
export type PlaceholderValues = Record<PlaceholderName, string>;

/**
 * One token: at most 80 characters between the braces, none of them a brace or a line break. The bound
 * keeps every match attempt short, so a scan is linear in the text's length whatever the text
 * (a long run of `{` without a closing `}}` costs one short attempt per position, not a rescan).
 */
export const PLACEHOLDER_TOKEN = /\{\{([^{}\n]{0,80})\}\}/g;

const isKnown = (name: string): name is PlaceholderName => Object.hasOwn(PLACEHOLDERS, name);

/**
 * `text` with every token replaced in one left-to-right pass: known names by their value (passed through
 * `encode`, by default as it is), anything else by nothing. Values are never expanded again.
 */
export function expandPlaceholders(
  text: string,
  values: PlaceholderValues,
  encode: (value: string) => string = (value) => value,
): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER_TOKEN, (_, inner: string) => {
    const name = inner.trim();
    return isKnown(name) ? encode(values[name]) : '';
  });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
/** A value inside a tag (only a link's `href` survives the sanitizer): no scheme, quote or space of its own. */
const inTag = (value: string) => escapeHtml(encodeURIComponent(value));

/**
 * Rich text (a content page's body, sanitized HTML: docs/adr/044-rich-text.md) with its placeholders
 * expanded: a value in text is HTML-escaped, so a store named `Tom & Jerry <b>` reads as such; a value in
 * a tag (a link's `href`) is percent-encoded too, so it can neither end the attribute nor bring a scheme
 * (`javascript:`) the sanitizer would have refused. One pass from tag to tag: linear in the length.
 */
export function expandPlaceholdersInHtml(html: string, values: PlaceholderValues): string {
  if (!html.includes('{{')) return html;
  const parts: string[] = [];
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    const textEnd = open < 0 ? html.length : open;
    parts.push(expandPlaceholders(html.slice(i, textEnd), values, escapeHtml));
    if (open < 0) break;
    // Sanitized HTML escapes `>` in attribute values: the next `>` ends the tag.
    const close = html.indexOf('>', open);
    const tagEnd = close < 0 ? html.length : close + 1;
    parts.push(expandPlaceholders(html.slice(open, tagEnd), values, inTag));
    i = tagEnd;
  }
  return parts.join('');
}

/** The names in double braces in `text` that are not placeholders, once each, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER_TOKEN)) {
    const name = (match[1] ?? '').trim();
    if (!isKnown(name)) unknown.add(name);
  }
  return [...unknown];
}

/** The admin editor's message for a text with unknown names. */
export const unknownPlaceholderMessage = (names: string[]) =>
  `Unknown placeholder ${names.map((n) => `{{${n}}}`).join(', ')}: use one of the placeholders listed under the editor`;
