import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { helpSections } from './help-sections.ts';

describe('helpSections', () => {
  it('groups questions and their answers under their headings', () => {
    const html =
      '<p>Welcome.</p><h2>Orders</h2><p>About orders.</p><h3>Q1?</h3><p>A1.</p><ul><li>x</li></ul>' +
      '<h3>Q2 <strong>now</strong>?</h3><p>A2.</p><h2>Account &amp; you</h2><h3>Q3?</h3><p>A3.<br />More.</p>';
    expect(helpSections(html)).toEqual([
      { title: '', intro: '<p>Welcome.</p>', faqs: [] },
      {
        title: 'Orders',
        intro: '<p>About orders.</p>',
        faqs: [
          { question: 'Q1?', answer: '<p>A1.</p><ul><li>x</li></ul>' },
          { question: 'Q2 now?', answer: '<p>A2.</p>' },
        ],
      },
      { title: 'Account & you', intro: '', faqs: [{ question: 'Q3?', answer: '<p>A3.<br />More.</p>' }] },
    ]);
  });

  it('splits at top-level headings only, and keeps loose text and a question before any section', () => {
    expect(helpSections('Hi <em>there</em><h3>Q?</h3><ul><li><h3>not a question</h3></li></ul>')).toEqual([
      {
        title: '',
        intro: 'Hi <em>there</em>',
        faqs: [{ question: 'Q?', answer: '<ul><li><h3>not a question</h3></li></ul>' }],
      },
    ]);
    expect(helpSections('')).toEqual([]);
  });

  it('loses no HTML outside the headings, and reads a long page whole', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '<h2>S</h2>',
            '<h3>Q</h3>',
            '<p>a<br />b</p>',
            '<ul><li>i</li></ul>',
            '<p><strong>x</strong></p>',
          ),
        ),
        (blocks) => {
          const html = blocks.join('');
          const sections = helpSections(html);
          const rebuilt = sections
            .map(
              (s) =>
                (s.title ? `<h2>${s.title}</h2>` : '') +
                s.intro +
                s.faqs.map((f) => `<h3>${f.question}</h3>${f.answer}`).join(''),
            )
            .join('');
          expect(rebuilt).toBe(html);
        },
      ),
    );
    const big = '<h3>Q</h3><p>a</p>'.repeat(50_000);
    expect(helpSections(big)[0]?.faqs).toHaveLength(50_000);
  });
});
