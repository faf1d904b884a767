import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './html.ts';

describe('Body (HTML) as a plain-text description', () => {
  it('keeps the text, drops tags, scripts and styles, and breaks lines at blocks', () => {
    const html =
      '<p>Soft <strong>cotton</strong> tee&nbsp;&amp; more</p>\n<ul><li>Machine wash</li><li>Fits &lt;true&gt;</li></ul>' +
      '<script>alert(1)</script><style>p{}</style><!-- a <b>comment</b> --><p>Line<br/>two &#8212; &#x263A;</p>';
    expect(htmlToText(html)).toBe('Soft cotton tee & more\nMachine wash\nFits <true>\nLine\ntwo — ☺');
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
          expect(htmlToText(textToHtml(text))).toBe(text);
        },
      ),
    );
  });

  it('never leaves markup that could open a tag from the input', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<', '>', 'a', '/', ' ', '!', '-', 's', 'c', 'r', 'i', 'p', 't') }),
        (html) => {
          expect(htmlToText(html)).not.toMatch(/<[a-z/!]/i);
        },
      ),
    );
  });

  it('is linear on pathological input', () => {
    expect(htmlToText('<'.repeat(200_000))).toBe('');
    expect(htmlToText(`<p>${'&amp'.repeat(100_000)}`).length).toBeGreaterThan(0);
  });
});
