import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items.ts';

describe('pageItems', () => {
  it('shows every page of a short listing', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows the ends and the neighbours of the current page', () => {
    expect(pageItems(1, 50)).toEqual([1, 2, 3, 4, 5, 'gap', 50]);
    expect(pageItems(10, 50)).toEqual([1, 'gap', 9, 10, 11, 'gap', 50]);
    expect(pageItems(50, 50)).toEqual([1, 'gap', 46, 47, 48, 49, 50]);
    expect(pageItems(5, 50)).toEqual([1, 'gap', 4, 5, 6, 'gap', 50]);
  });

  it('always includes the first, last and current page, ascending, with no adjacent gaps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 600 }), (total, raw) => {
        const current = Math.min(raw, total);
        const items = pageItems(current, total);
        const pages = items.filter((i): i is number => i !== 'gap');
        expect(pages).toContain(1);
        expect(pages).toContain(total);
        expect(pages).toContain(current);
        for (let i = 1; i < pages.length; i++) expect(pages[i]).toBeGreaterThan(pages[i - 1] as number);
        for (let i = 1; i < items.length; i++) expect(items[i] === 'gap' && items[i - 1] === 'gap').toBe(false);
        expect(items.length).toBeLessThanOrEqual(7);
      }),
    );
  });
});
