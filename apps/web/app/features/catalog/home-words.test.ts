import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { homeWords } from './home-words.ts';

describe('homeWords', () => {
  it('names the shop’s own categories, in its order', () => {
    expect(homeWords('Wick & Co', ['Candles', 'Holders'])).toEqual({
      title: 'Wick & Co · Candles and Holders',
      description: 'Shop Candles and Holders at Wick & Co.',
      lead: 'Candles and Holders: picked with care and delivered to your door.',
    });
    expect(homeWords('Shop', ['Electronics', 'Fashion', 'Books & Media']).lead).toBe(
      'Electronics, Fashion, and Books & Media: picked with care and delivered to your door.',
    );
  });

  it('names no category when the shop has none yet', () => {
    expect(homeWords('Wick & Co', [])).toEqual({
      title: 'Wick & Co',
      description: 'Wick & Co: picked with care and delivered to your door.',
      lead: 'Picked with care and delivered to your door.',
    });
  });

  it('says exactly the categories it is given, and nothing else (property)', () => {
    const name = fc.stringMatching(/^[A-Z][a-z]{2,12}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 8 }), (names) => {
        const { lead, title } = homeWords('Shop', names);
        for (const n of names) expect(lead).toContain(n);
        for (const demo of ['Electronics', 'Fashion', 'Sports']) {
          if (!names.includes(demo)) expect(`${lead} ${title}`).not.toContain(demo);
        }
      }),
    );
  });
});
