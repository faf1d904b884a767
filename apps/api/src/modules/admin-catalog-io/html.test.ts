import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './html.ts';

describe('Body (HTML) as a plain-text description', () => {
  it('keeps the text, drops tags, scripts and styles, and breaks lines at blocks', () => {
    const html =
      '<p>Soft <strong>cotton</strong> tee&nbsp;&amp; more</p>\n<ul><li>Machine wash</li><li>Fits &lt;true&gt;</li></ul>' +
      '<script>alert(1)</script><style>p{}</style><!-- a <b>comment</b> --><p>Line<br/>two &#8212; &#x263A;</p>';
    expect(htmlToText(html)).toBe('Soft cotton tee & more\nMachine wash\nFits <true>\n\nLine\ntwo — ☺');
  });

  it('keeps paragraphs as blank lines and <br> as line breaks, however the HTML spaces them', () => {
    expect(htmlToText('<p>First paragraph.</p>\n<p>Second, line one<br>line two</p><p></p><p>Third</p>')).toBe(
      'First paragraph.\n\nSecond, line one\nline two\n\nThird',
    );
    expect(htmlToText('<h2>Care</h2><p>Hand wash.</p><br><br><br><p>Dry flat.</p>')).toBe(
      'Care\n\nHand wash.\n\nDry flat.',
    );
  });

  it('reads back paragraphs it writes (fast-check)', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), (paras) => {
        const text = paras.map((lines) => lines.join('\n')).join('\n\n');
        expect(htmlToText(textToHtml(text))).toBe(text);
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
    expect(htmlToText('<p>a'.repeat(100_000)).length).toBe(3 * 100_000 - 2);
    expect(htmlToText(`<p>${'&amp'.repeat(100_000)}`).length).toBeGreaterThan(0);
  });
});
