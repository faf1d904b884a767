import { richTextToText } from '@shop/contracts/rich-text';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_REL, RICH_TEXT_TAGS, RichTextTooLongError, sanitizeRichText, textToRichText } from './rich-text.ts';
import { XSS_PAYLOADS } from './rich-text-xss.ts';

describe('the text of a rich text', () => {
  it('keeps the text, drops tags, scripts and styles, and breaks lines at blocks', () => {
    const html =
      '<p>Soft <strong>cotton</strong> tee&nbsp;&amp; more</p>\n<ul><li>Machine wash</li><li>Fits &lt;true&gt;</li></ul>' +
      '<script>alert(1)</script><style>p{}</style><!-- a <b>comment</b> --><p>Line<br/>two &#8212; &#x263A;</p>';
    expect(richTextToText(html)).toBe('Soft cotton tee & more\nMachine wash\nFits <true>\n\nLine\ntwo — ☺');
  });

  it('keeps paragraphs as blank lines and <br> as line breaks, however the HTML spaces them', () => {
    expect(richTextToText('<p>First paragraph.</p>\n<p>Second, line one<br>line two</p><p></p><p>Third</p>')).toBe(
      'First paragraph.\n\nSecond, line one\nline two\n\nThird',
    );
    expect(richTextToText('<h2>Care</h2><p>Hand wash.</p><br><br><br><p>Dry flat.</p>')).toBe(
      'Care\n\nHand wash.\n\nDry flat.',
    );
  });

  it('reads back paragraphs it writes (fast-check)', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), (paras) => {
        const text = paras.map((lines) => lines.join('\n')).join('\n\n');
        expect(richTextToText(textToRichText(text))).toBe(text);
      }),
    );
  });

  it('reads back what it writes for any one-line-per-line text (fast-check)', () => {
    const line = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) =>
      s
        .replace(/[\r\n]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    fc.assert(
      fc.property(
        fc.array(
          line.filter((l) => l !== ''),
          { minLength: 1, maxLength: 5 },
        ),
        (lines) => {
          const text = lines.join('\n');
          expect(richTextToText(textToRichText(text))).toBe(text);
        },
      ),
    );
  });

  it('never leaves markup that could open a tag from the input', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<', '>', 'a', '/', ' ', '!', '-', 's', 'c', 'r', 'i', 'p', 't') }),
        (html) => {
          expect(richTextToText(html)).not.toMatch(/<[a-z/!]/i);
        },
      ),
    );
  });

  it('is linear on pathological input', () => {
    expect(richTextToText('<'.repeat(200_000))).toBe('');
    expect(richTextToText('<p>a'.repeat(100_000)).length).toBe(3 * 100_000 - 2);
    expect(richTextToText(`<p>${'&amp'.repeat(100_000)}`).length).toBeGreaterThan(0);
  });
});

const ALLOWED: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * What in sanitized output could run or restyle anything, as a parser other than the sanitizer's sees
 * it: an element outside the allow-list, any attribute but href and rel, a link a browser would resolve
 * to another scheme, a comment, a processing instruction or CDATA; and, read as a string, any `<` that
 * does not open or close an allowed element.
 */
function dangers(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!ALLOWED.has(name)) found.push(`element ${name}`);
        for (const [attr, value] of Object.entries(attribs)) {
          if (attr === 'href' && name === 'a') {
            // A browser's reading: resolved against a page of the shop.
            let protocol: string;
            try {
              protocol = new URL(value, 'https://shop.example/products/1').protocol;
            } catch {
              protocol = 'invalid';
            }
            if (!ALLOWED_PROTOCOLS.has(protocol)) found.push(`href ${value}`);
            if (value.replace(/[\t\n\r]/g, '').startsWith('//')) found.push(`protocol-relative ${value}`);
          } else if (attr === 'rel' && name === 'a') {
            if (value !== EXTERNAL_REL) found.push(`rel ${value}`);
          } else found.push(`attribute ${attr} on ${name}`);
        }
      },
      oncomment: () => found.push('comment'),
      onprocessinginstruction: (name) => found.push(`instruction ${name}`),
      oncdatastart: () => found.push('cdata'),
    },
    { decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(html);
  parser.end();
  const tagOpen = /<(?!\/?(?:p|h2|h3|h4|ul|ol|li|strong|em|a|br)[\s/>])/;
  if (tagOpen.test(html)) found.push(`stray < in ${html}`);
  return found;
}

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h2>Care</h2><p>Soft <strong>cotton</strong>, <em>machine</em> wash.<br />Dry flat.</p>' +
      '<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol><h3>More</h3><h4>Still</h4>' +
      '<p><a href="/products/2">Relative</a> <a href="mailto:shop@example.com">Mail</a> ' +
      `<a href="https://example.com/a?b=1&amp;c=2" rel="${EXTERNAL_REL}">External</a></p>`;
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('maps b, i and h1 to strong, em and h2, and drops other elements but keeps their text', () => {
    expect(sanitizeRichText('<h1>Title</h1><div><b>bold</b> <i>italic</i> <span class="x">plain</span></div>')).toBe(
      '<h2>Title</h2><strong>bold</strong> <em>italic</em> plain',
    );
  });

  it('drops scripts, styles, frames, SVG and MathML with everything inside them', () => {
    expect(
      sanitizeRichText(
        '<p>a</p><script>alert(1)</script><style>p{}</style><iframe>f</iframe><svg><text>s</text></svg>' +
          '<math><mi>m</mi></math><template>t</template><noscript>n</noscript><object>o</object><p>b</p>',
      ),
    ).toBe('<p>a</p><p>b</p>');
  });

  it('keeps only href on links, adds rel to external ones, and drops other schemes', () => {
    expect(sanitizeRichText('<a href="https://x.example/" target="_blank" rel="opener" class="c">x</a>')).toBe(
      `<a href="https://x.example/" rel="${EXTERNAL_REL}">x</a>`,
    );
    expect(sanitizeRichText('<a href="/p/1" rel="nofollow">x</a>')).toBe('<a href="/p/1">x</a>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="data:text/html,x">x</a>')).toBe('<a>x</a>');
  });

  it('refuses markup over the limit before reading it', () => {
    expect(() => sanitizeRichText('<p>ab</p>', 8)).toThrow(RichTextTooLongError);
    expect(sanitizeRichText('<p>ab</p>', 9)).toBe('<p>ab</p>');
  });

  it('leaves nothing executable of any payload in the corpus, and is stable', () => {
    for (const payload of XSS_PAYLOADS) {
      const once = sanitizeRichText(payload);
      expect({ payload, dangers: dangers(once) }).toEqual({ payload, dangers: [] });
      expect(sanitizeRichText(once)).toBe(once);
      // Nested and repeated, the payloads stay harmless.
      const nested = sanitizeRichText(`<p><strong>${payload}</strong>${payload}</p><ul><li>${payload}`);
      expect({ payload, dangers: dangers(nested) }).toEqual({ payload, dangers: [] });
    }
  });

  it('never yields an element, attribute or link outside the allow-list, whatever the markup (fast-check)', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const once = sanitizeRichText(html, Number.POSITIVE_INFINITY);
        expect(dangers(once)).toEqual([]);
        expect(sanitizeRichText(once, Number.POSITIVE_INFINITY)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the text of plain-text descriptions through textToRichText (fast-check)', () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '&', '<', '>', '"', "'", ';', '#', 'é') });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\n\n', '\r\n'), (lines, sep) => {
        const html = textToRichText(lines.join(sep));
        expect(dangers(html)).toEqual([]);
        expect(sanitizeRichText(html)).toBe(html);
      }),
    );
  });
});

const TAGS = [
  ...RICH_TEXT_TAGS,
  'b',
  'i',
  'h1',
  'h5',
  'div',
  'span',
  'script',
  'style',
  'iframe',
  'svg',
  'math',
  'mtext',
  'mglyph',
  'mi',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
  'table',
  'td',
  'tr',
  'img',
  'video',
  'source',
  'noscript',
  'template',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'base',
  'meta',
  'link',
  'textarea',
  'xmp',
  'select',
  'option',
  'details',
  'body',
  'html',
  'head',
  'frameset',
  'frame',
  'plaintext',
  'noembed',
];
const ATTRS = [
  'onerror',
  'onload',
  'onclick',
  'href',
  'src',
  'style',
  'class',
  'rel',
  'target',
  'formaction',
  'xlink:href',
  'srcdoc',
  'action',
  'title',
  'id',
];
const VALUES = fc.oneof(
  fc.constantFrom(
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '&#106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'https://ok.example/a?b=1&c=2',
    'http://ok.example',
    '/products/1',
    'mailto:a@b.example',
    '//evil.example',
    '\\\\evil.example',
    'alert(1)',
    '"><img src=x onerror=alert(1)>',
    "x' onerror='alert(1)",
    'expression(alert(1))',
    '</noscript><img src=x onerror=alert(1)>',
  ),
  fc.string({ maxLength: 12 }),
);
const attribute = fc
  .tuple(fc.constantFrom(...ATTRS), VALUES, fc.constantFrom('"', "'", ''))
  .map(([name, value, quote]) =>
    quote === '"'
      ? ` ${name}="${value.replaceAll('"', '&quot;')}"`
      : quote === "'"
        ? ` ${name}='${value.replaceAll("'", '&#39;')}'`
        : ` ${name}=${value.replace(/[\s>"'`=<]/g, '')}`,
  );
const FRAGMENTS = [
  '<',
  '</',
  '>',
  '"',
  "'",
  '<!--',
  '-->',
  '--!>',
  '<![CDATA[',
  ']]>',
  '&',
  '&lt;',
  '&#60;',
  '<?',
  '/>',
  '=',
];
const { markup } = fc.letrec<{ markup: string; node: string }>((tie) => ({
  markup: fc.array(tie('node'), { maxLength: 6 }).map((nodes) => nodes.join('')),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 8 }),
    fc.constantFrom(...FRAGMENTS),
    fc
      .tuple(
        fc.constantFrom(...TAGS),
        fc.array(attribute, { maxLength: 3 }),
        tie('markup'),
        fc.constantFrom('close', 'open', 'self'),
        fc.boolean(),
      )
      .map(([tag, attrs, inner, end, upper]) => {
        const name = upper ? tag.toUpperCase() : tag;
        if (end === 'self') return `<${name}${attrs.join('')}/>`;
        return `<${name}${attrs.join('')}>${inner}${end === 'close' ? `</${name}>` : ''}`;
      }),
  ),
}));
