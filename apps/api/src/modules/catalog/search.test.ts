import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, searchWords } from './search.ts';

describe('searchWords', () => {
  it('keeps the words and drops every operator of the query syntaxes', () => {
    expect(searchWords('wireless -"noise cancelling" | (tv & !phone):*')).toBe('wireless noise cancelling tv phone');
    expect(searchWords("Levi's 501")).toBe('Levi s 501');
    expect(searchWords('Café crème')).toBe('Café crème');
    expect(searchWords('-'.repeat(120))).toBeUndefined();
    expect(searchWords('   ')).toBeUndefined();
  });

  it('answers only letters, digits and marks between single spaces, at most MAX_SEARCH_WORDS words (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (q) => {
        const text = searchWords(q);
        if (text === undefined) return;
        expect(text).toMatch(/^[\p{L}\p{N}\p{M}]+(?: [\p{L}\p{N}\p{M}]+)*$/u);
        expect(text.split(' ').length).toBeLessThanOrEqual(MAX_SEARCH_WORDS);
      }),
      { numRuns: 500 },
    );
  });
});
