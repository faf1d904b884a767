import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { faqSections, parseBody } from './parse-body.ts';

describe('parseBody', () => {
  it('reads headings, questions, lists and paragraphs separated by blank lines', () => {
    const body = 'Intro line one\nline two\n\n## Orders\n\n### Where is it?\n\nIn transit.\n\n- one\n- two\r\n\r\nEnd';
    expect(parseBody(body)).toEqual([
      { type: 'paragraph', text: 'Intro line one\nline two' },
      { type: 'heading', text: 'Orders' },
      { type: 'question', text: 'Where is it?' },
      { type: 'paragraph', text: 'In transit.' },
      { type: 'list', items: ['one', 'two'] },
      { type: 'paragraph', text: 'End' },
    ]);
  });

  it('keeps markup as text', () => {
    expect(parseBody('<script>alert(1)</script>')).toEqual([{ type: 'paragraph', text: '<script>alert(1)</script>' }]);
  });

  it('never throws and loses no words', () => {
    fc.assert(
      fc.property(fc.string(), (body) => {
        const blocks = parseBody(body);
        const words = (s: string) => s.split(/\s+/).filter((w) => w && w !== '-' && w !== '##' && w !== '###');
        const text = blocks.map((b) => (b.type === 'list' ? b.items.join(' ') : b.text)).join(' ');
        // Markers are consumed; every other word is kept in order.
        expect(words(text).join(' ')).toBe(
          words(body.replace(/^[ \t]*(###?|-)[ \t]/gm, ' ').replace(/^[ \t]*(###?|-)$/gm, ' ')).join(' '),
        );
      }),
    );
  });
});

describe('faqSections', () => {
  it('groups questions and their answers under their headings', () => {
    const sections = faqSections(
      parseBody(
        'Welcome.\n\n## Orders\n\nAbout orders.\n\n### Q1?\n\nA1.\n\n- x\n\n### Q2?\n\nA2.\n\n## Account\n\n### Q3?\n\nA3.',
      ),
    );
    expect(sections).toEqual([
      { title: '', intro: [{ type: 'paragraph', text: 'Welcome.' }], faqs: [] },
      {
        title: 'Orders',
        intro: [{ type: 'paragraph', text: 'About orders.' }],
        faqs: [
          {
            question: 'Q1?',
            answer: [
              { type: 'paragraph', text: 'A1.' },
              { type: 'list', items: ['x'] },
            ],
          },
          { question: 'Q2?', answer: [{ type: 'paragraph', text: 'A2.' }] },
        ],
      },
      { title: 'Account', intro: [], faqs: [{ question: 'Q3?', answer: [{ type: 'paragraph', text: 'A3.' }] }] },
    ]);
  });
});
