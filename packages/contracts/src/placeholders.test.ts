import fc from 'fast-check';
import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import {
  expandPlaceholders,
  expandPlaceholdersInHtml,
  PLACEHOLDER_TOKEN,
  PLACEHOLDERS,
  type PlaceholderName,
  type PlaceholderValues,
  unknownPlaceholders,
} from './placeholders.ts';

// Content pages quote the store settings through placeholders, expanded on every view.

const NAMES = Object.keys(PLACEHOLDERS) as PlaceholderName[];
const values = (f: (name: PlaceholderName) => string): PlaceholderValues =>
  Object.fromEntries(NAMES.map((n) => [n, f(n)])) as PlaceholderValues;
const VALUES = values((n) => `<${n}>`);

/** Text with no brace at all: what a page says between its placeholders. */
const plain = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '$', '.', '%', '#', '-', 'é') });
/** A name that is not a placeholder, as staff might mistype it. */
const unknownName = fc.stringMatching(/^[a-z][a-z0-9_.]{0,30}$/).filter((n) => !Object.hasOwn(PLACEHOLDERS, n));

type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'known'; name: PlaceholderName }
  | { kind: 'unknown'; name: string };
const piece: fc.Arbitrary<Piece> = fc.oneof(
  plain.map((text) => ({ kind: 'text' as const, text })),
  fc.constantFrom(...NAMES).map((name) => ({ kind: 'known' as const, name })),
  unknownName.map((name) => ({ kind: 'unknown' as const, name })),
);
const spaces = fc.constantFrom('', ' ', '  ');

describe('expandPlaceholders', () => {
  it('replaces every known placeholder by its value and drops every unknown one', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, spaces)), (pieces) => {
        const source = pieces.map(([p, pad]) => (p.kind === 'text' ? p.text : `{{${pad}${p.name}${pad}}}`)).join('');
        const expected = pieces
          .map(([p]) => (p.kind === 'text' ? p.text : p.kind === 'known' ? VALUES[p.name] : ''))
          .join('');
        expect(expandPlaceholders(source, VALUES)).toBe(expected);
      }),
    );
  });

  it('leaves any text without a placeholder exactly as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(!/\{\{[^{}\n]{0,80}\}\}/.test(text));
        expect(expandPlaceholders(text, VALUES)).toBe(text);
      }),
    );
  });

  it('never shows a token that was in the text, known or not, on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('{', '}', 'a', '.', ' ', '\n', 'x') }),
        fc.constantFrom(...NAMES),
        (noise, name) => {
          const out = expandPlaceholders(
            `${noise}{{${name}}}${noise}{{nope}}`,
            values(() => 'V'),
          );
          expect(out).not.toContain(`{{${name}}}`);
          expect(out).not.toContain('{{nope}}');
        },
      ),
    );
  });

  it('inserts values as they are: a value that looks like a placeholder is not expanded again', () => {
    const sneaky = values((n) => (n === 'store.name' ? '{{tax.rate}}' : 'x'));
    expect(expandPlaceholders('Welcome to {{store.name}} ({{tax.rate}})', sneaky)).toBe('Welcome to {{tax.rate}} (x)');
  });

  it('reads the figures of a shipping line from the settings', () => {
    const v = values(
      (n) =>
        ({ 'shipping.standard.price': '$5.99', 'shipping.standard.delivery': '5–7 business days' })[n as string] ?? '',
    );
    expect(expandPlaceholders('- Standard: {{shipping.standard.delivery}}, {{ shipping.standard.price }}.', v)).toBe(
      '- Standard: 5–7 business days, $5.99.',
    );
  });

  it('scans in linear time: its pattern cannot backtrack (static analysis, not a clock)', () => {
    process.env.RECHECK_SYNC_BACKEND = 'pure';
    // The automaton checker decides it exactly (the default may fall back to random fuzzing).
    const verdict = checkSync(PLACEHOLDER_TOKEN.source, PLACEHOLDER_TOKEN.flags, {
      timeout: 30_000,
      checker: 'automaton',
    });
    expect(verdict.status).toBe('safe');
    // Long runs of braces with no token in them come back unchanged; the one real token still expands.
    const text = `${'{'.repeat(50_000)}${'a'.repeat(50_000)}`;
    expect(expandPlaceholders(text, VALUES)).toBe(text);
    expect(expandPlaceholders(`${'{{'.repeat(20_000)}store.name}}`, VALUES)).toBe(`${'{{'.repeat(19_999)}<store.name>`);
  }, 60_000);
});

describe('unknownPlaceholders', () => {
  it('names each unknown placeholder once and none of the known ones', () => {
    expect(unknownPlaceholders('{{tax.rate}} {{shipping.cheap}} {{ shipping.cheap }} {{Store.Name}} {{}}')).toEqual([
      'shipping.cheap',
      'Store.Name',
      '',
    ]);
    expect(unknownPlaceholders(NAMES.map((n) => `{{${n}}}`).join(' '))).toEqual([]);
  });
});

describe('expandPlaceholdersInHtml', () => {
  const hostile = values((n) => (n === 'store.name' ? 'Tom & Jerry <b>' : `"><script>alert('${n}')</script>`));

  it('escapes a value in text, so a store name with markup reads as text', () => {
    expect(expandPlaceholdersInHtml('<p>Welcome to <strong>{{store.name}}</strong>.</p>', hostile)).toBe(
      '<p>Welcome to <strong>Tom &amp; Jerry &lt;b&gt;</strong>.</p>',
    );
    expect(expandPlaceholdersInHtml('<p>{{ tax.rate }}</p>', hostile)).toBe(
      '<p>&quot;&gt;&lt;script&gt;alert(&#39;tax.rate&#39;)&lt;/script&gt;</p>',
    );
  });

  it('percent-encodes a value in a link, so it can neither leave the attribute nor bring a scheme', () => {
    const v = values((n) => (n === 'store.email' ? 'shop@example.com' : 'javascript:alert(1)" onclick="x'));
    expect(expandPlaceholdersInHtml('<a href="mailto:{{store.email}}">{{store.email}}</a>', v)).toBe(
      '<a href="mailto:shop%40example.com">shop@example.com</a>',
    );
    expect(expandPlaceholdersInHtml('<a href="{{store.name}}">x</a>', v)).toBe(
      '<a href="javascript%3Aalert(1)%22%20onclick%3D%22x">x</a>',
    );
  });

  it('never lets a value open a tag, whatever the values and the text between placeholders', () => {
    fc.assert(
      // A value without braces: a value's own "{{" is text, and would read as one left unexpanded.
      fc.property(
        fc.array(fc.tuple(piece, spaces)),
        fc.string().map((v) => v.replace(/[{}]/g, '(')),
        (pieces, value) => {
          const source = `<p>${pieces.map(([p, pad]) => (p.kind === 'text' ? p.text : `{{${pad}${p.name}${pad}}}`)).join('')}</p>`;
          const out = expandPlaceholdersInHtml(
            source,
            values(() => value),
          );
          expect(out.split('<').length).toBe(source.split('<').length);
          expect(out).not.toContain('{{');
        },
      ),
    );
  });

  it('expands a long run of tags and braces whole', () => {
    const text = `${'<p>{{'.repeat(20_000)}store.name}}`;
    // Its time is a figure for the bench, not an assertion here; the whole input is read once and kept.
    const out = expandPlaceholdersInHtml(text, VALUES);
    expect(out.split('<p>').length).toBe(20_001);
    expect(out.endsWith('store.name}}')).toBe(false);
  });
});
